/**
 * A page that answers its own form post (server/routes/formPosts.ts) comes with what the server made of that post,
 * as an inert JSON script (api/contract/postedForm.ts). The app starts its form from it (the typed e-mail, the
 * refusal), so it takes over the very screen the server drew. Read once: the element goes.
 */
import { PAGE_POSTED_ID, type PostedForm } from './contract/postedForm';

/** The page's answer to its form post, taken out of the page; undefined without one or when unreadable. */
export function takePagePosted(): PostedForm | undefined {
  const element = document.getElementById(PAGE_POSTED_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const posted = JSON.parse(element.textContent ?? '') as Partial<PostedForm> | null;
    return typeof posted?.email === 'string' && typeof posted.outcome === 'string'
      ? (posted as PostedForm)
      : undefined;
  } catch {
    return undefined;
  }
}
