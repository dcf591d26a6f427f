/** Adds an async third-party <script> once per src (a second identify must not load a widget twice). */
export function injectScript(src: string): void {
  const already = Array.from(document.scripts).some((script) => script.src === src);
  if (already) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.appendChild(script);
}
