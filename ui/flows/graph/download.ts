/**
 * Take a flow away: its picture as a standalone SVG file, or as a PNG drawn from that SVG at twice the size
 * (sharp on paper and slides). Both start from the element /flows shows, so the file is what the reader saw.
 */
const STAMP_HEIGHT = 22;

function svgElement(name: string, attributes: Record<string, string | number>): SVGElement {
  const element = document.createElementNS('http://www.w3.org/2000/svg', name) as SVGElement;
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/**
 * The file's copy of the picture, stamped: a line under it says which flow, in which language, when and from which
 * release (so a slide or a ticket shows what it was taken from), and its `<desc>` says the same for tools.
 */
export function svgText(svg: SVGSVGElement, stamp: string): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.removeAttribute('class');
  copy.removeAttribute('data-testid');
  copy.style.removeProperty('width');
  copy.style.removeProperty('height');
  const width = Number(copy.getAttribute('width'));
  const height = Number(copy.getAttribute('height')) + STAMP_HEIGHT;
  copy.setAttribute('height', String(height));
  copy.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const desc = svgElement('desc', {});
  desc.textContent = stamp;
  copy.querySelector('title')?.after(desc);
  const background = svgElement('rect', {
    y: height - STAMP_HEIGHT,
    width,
    height: STAMP_HEIGHT,
    fill: '#ffffff',
  });
  const text = svgElement('text', {
    x: 10,
    y: height - 7,
    'font-size': 11,
    fill: '#52606d',
    'data-stamp': '',
  });
  text.textContent = stamp;
  copy.append(background, text);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadSvg(svg: SVGSVGElement, fileName: string, stamp: string) {
  saveFile(new Blob([svgText(svg, stamp)], { type: 'image/svg+xml' }), fileName);
}

export async function pngBlob(svg: SVGSVGElement, stamp: string, scale = 2): Promise<Blob> {
  const width = Number(svg.getAttribute('width'));
  const height = Number(svg.getAttribute('height')) + STAMP_HEIGHT;
  const image = new Image();
  const url = URL.createObjectURL(new Blob([svgText(svg, stamp)], { type: 'image/svg+xml' }));
  try {
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas to draw the PNG on');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be made'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function downloadPng(svg: SVGSVGElement, fileName: string, stamp: string) {
  saveFile(await pngBlob(svg, stamp), fileName);
}
