// What a roster file and a card's picture must be, as the command line holds them
// (commands/roster_file.py: roster_text; cards/decks/army.py: check_image), by the numbers in
// the page's spec (roster_limits.py): a file is UTF-8 text (a byte-order mark at its start
// skipped, a Latin-1 file refused); a picture starts with its type's bytes and decodes as a
// picture of at most `image_side` pixels a side (the browser's decoder here, Pillow there),
// so an SVG behind a GIF header is refused when it is opened, never late in printing.

/** A roster file's bytes as text; throws saying why not. */
export function rosterText(bytes, limits) {
  try {
    // fatal: a byte that is not UTF-8 refuses the file; a byte-order mark at the start is
    // skipped (ignoreBOM false)
    return new TextDecoder(limits.file_encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new Error("it is not UTF-8 text (save it as UTF-8)");
  }
}

const hexBytes = (hex) => Uint8Array.from(hex.match(/../g) || [], (pair) => parseInt(pair, 16));
const NAMES = { "image/png": "PNG", "image/jpeg": "JPEG", "image/gif": "GIF" };
const nameOf = (type) => NAMES[type] || type;

/** The picture type whose first bytes `bytes` has (limits.image_magic), or null. */
export function pictureType(bytes, limits) {
  for (const [type, hex] of Object.entries(limits.image_magic)) {
    const magic = hexBytes(hex);
    if (bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)) return type;
  }
  return null;
}

/** The bytes of a base64 data: URL's first `count` bytes (enough for the magic). */
function firstBytes(base64, count) {
  const chars = Math.ceil(count / 3) * 4;
  try {
    return Uint8Array.from(atob(base64.slice(0, chars)), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

/** Why the data: URL `url` of type `type` does not start as its type's files do (null: it
 *  does). */
export function magicProblem(url, type, limits) {
  const comma = url.indexOf(",");
  const bytes = firstBytes(url.slice(comma + 1), 16);
  return pictureType(bytes, limits) === type
    ? null
    : `the picture is not a ${nameOf(type)} file (its first bytes are not one's)`;
}

/** Why `blob` is not a picture the cards can print (null: it is): it must decode, and be at
 *  most limits.image_side pixels a side. */
export async function decodeProblem(blob, type, limits) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    return `the picture's bytes are not a ${nameOf(type)} picture (they do not decode as one)`;
  }
  const { width, height } = bitmap;
  bitmap.close();
  if (Math.max(width, height) > limits.image_side || Math.min(width, height) < 1) {
    return `the picture is ${width}×${height} pixels; at most ${limits.image_side} a side`;
  }
  return null;
}

function dataUrlBlob(url) {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  const binary = atob(match[2].replace(/\s/g, ""));
  return new Blob([Uint8Array.from(binary, (c) => c.charCodeAt(0))], { type: match[1] });
}

/** Checks that each custom card's picture decodes (checkCustom has checked its form);
 *  throws saying which card's does not. */
export async function checkPictures(cards, limits) {
  for (const [i, card] of cards.entries()) {
    if (!card.image) continue;
    const type = card.image.slice(5, card.image.indexOf(";"));
    const problem = await decodeProblem(dataUrlBlob(card.image), type, limits);
    if (problem) throw new Error(`custom card ${i + 1}: ${problem}`);
  }
}

/** A picture file chosen for a card as a data: URL of its type (by its bytes, not its
 *  name); throws saying why it cannot go on a card. */
export async function pictureUrl(file, limits) {
  if (file.size > limits.image_bytes) {
    throw new Error(
      `${file.name} is ${Math.ceil(file.size / 1024)} KB; a card's picture may be at most ` +
        `${limits.image_bytes / 1024} KB: make it smaller.`,
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = pictureType(bytes, limits);
  if (!type || !limits.image_types.includes(type)) {
    throw new Error(`${file.name} is not a PNG, JPEG or GIF picture.`);
  }
  const problem = await decodeProblem(new Blob([bytes], { type }), type, limits);
  if (problem) throw new Error(`${file.name}: ${problem}.`);
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return `data:${type};base64,${btoa(binary)}`;
}
