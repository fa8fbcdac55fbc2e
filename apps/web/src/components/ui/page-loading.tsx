import { Spinner } from './spinner.tsx';

/** Shown while a lazily loaded screen arrives on the first visit. */
export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-brand-700">
      <Spinner size="lg" label="Loading" />
    </div>
  );
}
