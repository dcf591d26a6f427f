/**
 * What a visitor typed into a drawn form before the app took the page over (docs/decisions/product.md: Forms that
 * work before their scripts). React keeps a typed value in the field while it hydrates, but the form's machine
 * never heard of it, so the next render would put the machine's value back. Once the page is the app's, each
 * field whose value differs from the one React drew is told to React as the change it was: the field's own input
 * event, which the field's onChange sends to the machine as `field.change`.
 */

/** The value setter of the element's class, which React's change tracking does not see. */
const nativeValueSetter = (input: HTMLInputElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set;

/** Hands every typed value of the forms in `container` to the app; the drawn value is the field's defaultValue. */
export function handTypedToApp(container: HTMLElement): void {
  for (const input of container.querySelectorAll<HTMLInputElement>('form input[name]')) {
    const typed = input.value;
    if (typed === input.defaultValue || input.type === 'checkbox' || input.type === 'radio') continue;
    // React compares a field's value with the last one it saw: the drawn value, through the tracked setter, then
    // the typed one past it, so the input event reads as the change from the drawn value to the typed one.
    input.value = input.defaultValue;
    nativeValueSetter(input)?.call(input, typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
