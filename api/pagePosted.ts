/**
 * A page that answers its own form post (server/routes/formPosts.ts) comes with what the server made of that post,
 * as an inert JSON script (api/contract/postedForm.ts). The app starts its form from it (the typed e-mail, the
 * refusal), so it takes over the very screen the server drew. Read once: the element goes.
 */
import * as v from 'valibot';
import { PAGE_POSTED_ID, PostedForm } from './contract/postedForm';

/** The page's answer to its form post, taken out of the page; undefined without one or when unreadable. */
export function takePagePosted(): PostedForm | undefined {
  const element = document.getElementById(PAGE_POSTED_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const parsed = v.safeParse(PostedForm, JSON.parse(element.textContent ?? ''));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}
