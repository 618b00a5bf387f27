// Time to turn one 12-megapixel camera JPEG (4000x3000, EXIF orientation 6) into the stored
// display size and thumbnail, straight through the files module's processing (no HTTP, no disk).
// The photo is made here with sharp: fine grain like a phone photo, so the JPEG weighs what a
// real one does (a flat colour would decode unrealistically fast). Prints each run and the medians
// of wall time and of CPU time (all threads of the process): on a busy shared machine wall time
// measures the neighbours, while CPU time is an upper bound of the wall time on an idle one.
// Usage: npm run bench:upload [-- runs=11]   (node --import tsx bench/upload-image.mjs)
import sharp from 'sharp';
import { processPhoto } from '../packages/server/src/modules/files/image.ts';

const runs = Number(process.argv[2] ?? 11);

const photo = await sharp({
  create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 18 } },
})
  .composite([
    {
      input: Buffer.from(
        '<svg width="4000" height="3000"><defs><linearGradient id="g"><stop offset="0" stop-color="#c33" stop-opacity=".6"/>' +
          '<stop offset="1" stop-color="#36c" stop-opacity=".6"/></linearGradient></defs>' +
          '<rect width="4000" height="3000" fill="url(#g)"/><circle cx="2000" cy="1500" r="900" fill="#eee" fill-opacity=".7"/></svg>',
      ),
    },
  ])
  .jpeg({ quality: 85 })
  .withMetadata({ orientation: 6 })
  .toBuffer();

// One warm-up run: the first call loads libvips' JPEG codec.
await processPhoto(photo, 'jpg');

const times = [];
const cpuTimes = [];
let out;
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  out = await processPhoto(photo, 'jpg');
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const cpuMs = (c.user + c.system) / 1000;
  times.push(ms);
  cpuTimes.push(cpuMs);
  console.log(`run ${r + 1}: ${ms.toFixed(0)} ms (CPU ${cpuMs.toFixed(0)} ms)`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const display = await sharp(out.display).metadata();
const thumb = await sharp(out.thumb).metadata();
console.log(
  `12 MP JPEG of ${(photo.length / 1024 / 1024).toFixed(1)} MB -> display ${display.width}x${display.height} ` +
    `(${(out.display.length / 1024).toFixed(0)} kB) + thumbnail ${thumb.width}x${thumb.height} ` +
    `(${(out.thumb.length / 1024).toFixed(1)} kB): median ${median(times).toFixed(0)} ms, CPU ${median(cpuTimes).toFixed(0)} ms, ` +
    `over ${runs} runs (target 200 ms)`,
);
