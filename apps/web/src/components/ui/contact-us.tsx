import { CONTENT } from '@taxback/domain/content';
import { phoneHref } from '@taxback/domain/site-settings';
import { useSettings, useSiteSettings } from '../../lib/settings.ts';

/**
 * How to reach us, as the end of a sentence ("… by calling us on 0161 496 0000 (Mon-Fri 9am-5pm)"):
 * by phone when a number is configured, otherwise by post to our address (issue 32: no placeholder).
 * `hours`: the support hours after the number (a page that states them on their own says no).
 */
export function ContactUs({ hours = true }: { hours?: boolean }) {
  const { phone } = useSiteSettings();
  const settings = useSettings();
  const href = phone ? phoneHref(phone) : null;
  if (phone && href)
    return (
      <>
        calling us on <a href={href}>{phone}</a>
        {hours ? ` (${CONTENT.supportHours})` : ''}
      </>
    );
  const address = settings?.agent.address.replace(/\n/g, ', ');
  return <>writing to us{address ? ` at ${address}` : ''}</>;
}
