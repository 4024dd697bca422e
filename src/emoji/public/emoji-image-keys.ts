/** Where a custom emoji's images live in the upload store. */
export function emojiImageKey(realmId: number, fileName: string): string {
  return `${realmId}/emoji/images/${fileName}`;
}

export function emojiStillKey(realmId: number, fileName: string): string {
  return `${realmId}/emoji/images/still/${fileName.replace(/\.[^.]+$/, '')}.png`;
}
