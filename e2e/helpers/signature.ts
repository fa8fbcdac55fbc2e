import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Signs on a canvas with the real mouse, as a claimant would: several strokes, each pressed,
 * dragged through intermediate points and released. Works at any rendered size of the canvas.
 */
export async function drawSignature(page: Page, canvas: Locator): Promise<void> {
  await canvas.scrollIntoViewIfNeeded();
  // The canvas's place is read again before each stroke: content that arrives above it while the
  // test draws (the authority, once the settings load) moves it, and a stroke drawn where it was
  // would miss it.
  const boxNow = async () => {
    const box = await canvas.boundingBox();
    expect(box, 'the signature canvas has no size on screen').not.toBeNull();
    return box!;
  };
  // Fractions of the canvas: a looping first name, a crossing stroke and an underline.
  const strokes: [number, number][][] = [
    [
      [0.1, 0.6],
      [0.18, 0.3],
      [0.25, 0.7],
      [0.32, 0.35],
      [0.4, 0.65],
    ],
    [
      [0.45, 0.4],
      [0.55, 0.7],
      [0.62, 0.3],
      [0.7, 0.6],
    ],
    [
      [0.12, 0.82],
      [0.5, 0.8],
      [0.85, 0.78],
    ],
  ];
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    const box = await boxNow();
    const at = (fx: number, fy: number): [number, number] => [
      box.x + box.width * fx,
      box.y + box.height * fy,
    ];
    await page.mouse.move(...at(...first));
    await page.mouse.down();
    for (const point of rest) {
      await page.mouse.move(...at(...point), { steps: 8 });
    }
    await page.mouse.up();
  }
}
