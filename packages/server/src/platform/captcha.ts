import svgCaptcha from 'svg-captcha';

/** Makes a captcha challenge: the answer text and its image as a data URL. */
export interface CaptchaGenerator {
  create(): { text: string; image: string };
}

/** Production generator: a noisy SVG with 5 characters that are easy to tell apart. */
export const svgCaptchaGenerator: CaptchaGenerator = {
  create() {
    const c = svgCaptcha.create({
      size: 5,
      noise: 3,
      color: true,
      ignoreChars: '0oO1ilI',
      background: '#f4f6f8',
      width: 160,
      height: 60,
    });
    return { text: c.text, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
  },
};
