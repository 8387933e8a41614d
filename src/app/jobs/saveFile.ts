/**
 * Hands text to the browser as a file download (the report export): a Blob URL on a temporary link,
 * revoked right after, so nothing leaves the device.
 *
 * @param fileName - the name the download gets.
 * @param text - the file's content.
 * @param type - its MIME type.
 */
export function saveTextFile(fileName: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked on the next task: the click has started the download by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0)
}
