import { descriptionParts } from './references';

/**
 * A machine's description as it is written (English, the engineer's spec reference), each citation a link to its
 * clause on /flows/spec or /flows/decisions; a citation of no known clause stays text.
 */
export function DescriptionText({ text }: { text: string }) {
  return (
    <>
      {descriptionParts(text).map((part, index) =>
        typeof part === 'string' || !part.href ? (
          typeof part === 'string' ? (
            part
          ) : (
            part.text
          )
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a description's parts never reorder
          <a key={index} href={part.href} className="flows__reference">
            {part.text}
          </a>
        ),
      )}
    </>
  );
}
