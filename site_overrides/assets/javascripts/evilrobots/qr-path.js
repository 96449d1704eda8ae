/* A QR code's dark modules as one SVG path (the QR code itself comes from the npm package
   qrcode-generator, vendored into the site: website/vendor.py). Each run of dark modules
   in a row is one rectangle; `margin` modules of quiet zone surround the code, as readers
   need. */

/** The path's "d" for a `count` x `count` code whose module (row, col) is dark when
    `isDark(row, col)`; its box is count + 2 * margin wide. */
export function qrPath(count, isDark, margin = 4) {
  const parts = [];
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && isDark(row, col)) col++;
      const run = col - start;
      parts.push("M" + (start + margin) + " " + (row + margin) + "h" + run + "v1h-" + run + "z");
    }
  }
  return parts.join("");
}
