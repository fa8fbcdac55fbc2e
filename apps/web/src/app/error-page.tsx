import { Container } from '../components/ui/container.tsx';
import { paths } from '../lib/paths.ts';

/**
 * Root errorElement: replaces React Router's default screen, which shows a developer hint. A plain
 * link (full reload) gets the visitor out of whatever state broke the app.
 */
export function ErrorPage() {
  return (
    <Container width="narrow" className="py-16">
      <h1 className="mb-4 text-3xl">Unexpected Application Error!</h1>
      <p className="mb-6">Sorry, something went wrong on our side. Please try again.</p>
      <a href={paths.home.getHref()} className="inline-flex min-h-11 items-center font-semibold">
        Go to the home page
      </a>
    </Container>
  );
}
