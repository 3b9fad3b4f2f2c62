import sharp from 'sharp';

/** A real JPEG made in the test, optionally carrying EXIF (with GPS) and an orientation. */
export async function makeJpeg(options: { width?: number; height?: number; exif?: boolean } = {}): Promise<Buffer> {
  const image = sharp({
    create: { width: options.width ?? 64, height: options.height ?? 48, channels: 3, background: { r: 180, g: 120, b: 60 } },
  }).jpeg();
  if (options.exif) {
    image
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'RV-1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .withMetadata({ orientation: 6 });
  }
  return image.toBuffer();
}

/** A small item photo (a green box on white). */
export async function makeItemPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 90, channels: 3, background: '#ffffff' } })
    .composite([{ input: Buffer.from('<svg width="120" height="90"><rect x="30" y="20" width="60" height="50" fill="#2e7d32"/></svg>') }])
    .png()
    .toBuffer();
}

/** A PNG photo of two known colours side by side, 70 / 30 (100 × 60). */
export const twoColourPhoto = (main: string, accent: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="60"><rect width="70" height="60" fill="${main}"/><rect x="70" width="30" height="60" fill="${accent}"/></svg>`,
    ),
  )
    .png()
    .toBuffer();
