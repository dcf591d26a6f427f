/**
 * The browser side of Your data to take away (docs/decisions/security.md: Your data to take away): what the container
 * provides as accountExportMachine's `saveFile` effect. A Blob, an object URL and a temporary <a download>, so the
 * answer already in hand is saved without a second request.
 */
export function saveJsonFile({ filename, data }: { filename: string; data: unknown }): void {
  const url = URL.createObjectURL(
    new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
