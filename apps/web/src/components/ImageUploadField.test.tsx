// @vitest-environment happy-dom
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@hireline/contract/messages';
import i18n from '../test/i18n';
import { createAppTheme } from '../lib/theme';
import { checkImage, ImageUploadField, useImageIdField, type ImageUploadFieldProps, type UploadedImage } from './ImageUploadField';
import { waitFor } from '../test/wait';

// happy-dom decodes no images: the banner's measured size and its crop are given by each test.
const bannerImage = vi.hoisted(() => ({
  imageSize: vi.fn(async (): Promise<{ width: number; height: number } | null> => null),
  cropToBanner: vi.fn(async (f: File): Promise<File | null> => new File([new Uint8Array(10)], f.name, { type: f.type })),
}));
vi.mock('./banner-image', async (importOriginal) => ({ ...(await importOriginal<object>()), ...bannerImage }));

// Uploads resolve in tests' own time: the DOM is waited for rather than wrapped in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const theme = createAppTheme({ mode: 'light', primary: '#7367F0', primaryDark: '#675DD8', direction: 'ltr', skin: 'default' });
const FILE_ID = '00000000-0000-4000-8000-000000000777';
const TEXTS = { upload: 'Upload logo', change: 'Change logo', remove: 'Remove logo', preview: 'Logo preview' };

let root: Root | undefined;
let host: HTMLElement | undefined;

afterEach(async () => {
  root?.unmount();
  host?.remove();
  root = host = undefined;
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

/** The field as a form holds it: the shown address follows what it reports. */
function Field(props: Partial<ImageUploadFieldProps> & { onReport?: (image: UploadedImage | null) => void }) {
  const { onReport, ...rest } = props;
  const [url, setUrl] = useState<string | null>(props.url ?? null);
  return (
    <ImageUploadField
      label="Logo"
      hint="PNG, JPEG or WebP, up to 5 MB."
      purpose="logo"
      shape="square"
      texts={TEXTS}
      {...rest}
      url={url}
      onChange={(image) => {
        onReport?.(image);
        setUrl(image?.url ?? null);
      }}
    />
  );
}

type LogoForm = { logo_file_id: string | null };
/** The field in a form that holds only the upload's id, as the employer and job forms do. */
function IdField({ currentUrl, onForm }: { currentUrl: string | null; onForm: (form: UseFormReturn<LogoForm>) => void }) {
  const form = useForm<LogoForm>({ defaultValues: { logo_file_id: currentUrl ? 'saved-id' : null } });
  onForm(form);
  const logo = useImageIdField(form.control, 'logo_file_id', currentUrl);
  return <ImageUploadField label="Logo" purpose="logo" shape="square" texts={TEXTS} url={logo.url} onChange={logo.onChange} error={logo.message} />;
}

function render(props: Parameters<typeof Field>[0] = {}, field = <Field {...props} />) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(<ThemeProvider theme={theme}>{field}</ThemeProvider>);
}

/** A faked fetch that records each call and answers with `answer` (a Promise to hold the upload open). */
function fakeUpload(answer: () => Response | Promise<Response>) {
  const calls: { url: string; method: string; purpose: FormDataEntryValue | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', purpose: init.body instanceof FormData ? init.body.get('purpose') : null });
      return answer();
    }),
  );
  return calls;
}
const saved = (purpose: string) =>
  Response.json(
    { id: FILE_ID, purpose, name: 'a.png', mime: 'image/png', size: 2048, url: `/portal/v1/files/${FILE_ID}?expires=1&signature=y` },
    { status: 201 },
  );

const find = <T extends Element>(selector: string) =>
  waitFor(() => {
    const el = host!.querySelector<T>(selector);
    if (!el) throw new Error(`Nothing matches ${selector}`);
    return el;
  });
const button = (name: string) =>
  waitFor(() => {
    const found = [...host!.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name);
    if (!found) throw new Error(`No button ${name}`);
    return found;
  });
const fileInput = () => host!.querySelector<HTMLInputElement>('input[type="file"]')!;
const alertText = () => host!.querySelector('[role="alert"]')?.textContent ?? null;
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

function choose(chosen: File) {
  const input = fileInput();
  Object.defineProperty(input, 'files', { value: [chosen], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('checkImage', () => {
  it('accepts PNG, JPEG and WEBP up to 5 MB for every image purpose and refuses the rest', () => {
    for (const purpose of ['logo', 'banner', 'avatar'] as const) {
      expect(checkImage(file('b.png', 'image/png', 1000), purpose)).toBeNull();
      expect(checkImage(file('b.jpeg', 'image/jpeg', 5 * 1024 * 1024), purpose)).toBeNull();
      // No type from the browser: judged by the name.
      expect(checkImage(file('b.webp', '', 1000), purpose)).toBeNull();
      expect(checkImage(file('b.gif', '', 1000), purpose)).toBe('wrongType');
      expect(checkImage(file('b.svg', 'image/svg+xml', 1000), purpose)).toBe('wrongType');
      expect(checkImage(file('b.jpg', 'image/jpeg', 0), purpose)).toBe('empty');
      expect(checkImage(file('b.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1), purpose)).toBe('tooLarge');
    }
  });
});

describe('ImageUploadField', () => {
  it('is reached by keyboard: a labelled section whose real button, described by the hint, opens the hidden file input', async () => {
    render();
    const upload = await button('Upload logo');
    const section = upload.closest('section')!;
    expect(document.getElementById(section.getAttribute('aria-labelledby')!)?.textContent).toBe('Logo');
    expect(document.getElementById(upload.getAttribute('aria-describedby')!)?.textContent).toBe('PNG, JPEG or WebP, up to 5 MB.');
    const input = fileInput();
    expect(input.tabIndex).toBe(-1);
    expect(input.getAttribute('aria-hidden')).toBe('true');
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['image/png', 'image/jpeg', 'image/webp', '.png', '.jpg', '.webp']));
    const opened = vi.spyOn(input, 'click');
    upload.click();
    expect(opened).toHaveBeenCalledTimes(1);
    // Nothing chosen yet: a square placeholder says so, and there is nothing to remove.
    expect(host!.textContent).toContain('No image');
    expect(host!.querySelector('img')).toBeNull();
    expect(host!.textContent).not.toContain('Remove logo');
  });

  it('refuses a wrong type or a file over 5 MB before sending it, in the reader’s language', async () => {
    const calls = fakeUpload(() => saved('logo'));
    render();
    await button('Upload logo');
    choose(file('logo.gif', 'image/gif', 1000));
    await waitFor(() => expect(alertText()).toBe('Choose a PNG, JPEG or WebP image.'));
    choose(file('logo.png', 'image/png', 5 * 1024 * 1024 + 1));
    await waitFor(() => expect(alertText()).toBe('The image may not be larger than 5 MB.'));
    choose(file('logo.png', 'image/png', 0));
    await waitFor(() => expect(alertText()).toBe('The file is empty.'));
    await i18n.changeLanguage('fr');
    choose(file('logo.png', 'image/png', 6 * 1024 * 1024));
    await waitFor(() => expect(alertText()).toBe('L’image ne doit pas dépasser 5 Mo.'));
    expect(calls).toEqual([]);
  });

  it('uploads with its purpose, busy meanwhile, then previews the image with its alt text and reports its id', async () => {
    let finish!: (res: Response) => void;
    const calls = fakeUpload(() => new Promise<Response>((resolve) => (finish = resolve)));
    const reported = vi.fn();
    render({ purpose: 'banner', shape: 'wide', texts: { ...TEXTS, preview: 'Banner preview' }, onReport: reported });
    const upload = await button('Upload logo');
    choose(file('banner.png', 'image/png', 2048));

    await waitFor(() => expect(upload.disabled).toBe(true));
    expect(host!.querySelector('[role="progressbar"]')).not.toBeNull();
    expect(host!.querySelector('[role="status"]')?.textContent).toBe('Uploading the image…');
    expect(host!.querySelector('section')?.getAttribute('aria-busy')).toBe('true');
    expect(calls).toEqual([{ url: '/portal/v1/forms/upload-file', method: 'POST', purpose: 'banner' }]);

    finish(saved('banner'));
    const img = await find<HTMLImageElement>('img[alt="Banner preview"]');
    expect(img.getAttribute('src')).toContain(FILE_ID);
    expect(reported).toHaveBeenCalledWith({ id: FILE_ID, url: `/portal/v1/files/${FILE_ID}?expires=1&signature=y` });
    await button('Change logo');
    expect(host!.querySelector('[role="status"]')?.textContent).toBe('');
    expect(alertText()).toBeNull();
  });

  it('shows the API’s refusal in an alert, its file messages in the reader’s words', async () => {
    let answer = () => Response.json({ message: 'The given data was invalid.', errors: { file: [messages.fileTooLarge(5)] } }, { status: 422 });
    fakeUpload(() => answer());
    const reported = vi.fn();
    render({ onReport: reported });
    await button('Upload logo');
    choose(file('logo.png', 'image/png', 2048));
    await waitFor(() => expect(alertText()).toBe('The image may not be larger than 5 MB.'));

    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    choose(file('logo.png', 'image/png', 2048));
    await waitFor(() => expect(alertText()).toBe(messages.unknownError));
    expect(reported).not.toHaveBeenCalled();
    expect((await button('Upload logo')).disabled).toBe(false);
  });

  it('removes the image with a named button and keeps the focus on the field', async () => {
    const reported = vi.fn();
    render({ url: '/files/logo.png', onReport: reported });
    const remove = await button('Remove logo');
    remove.focus();
    remove.click();
    await waitFor(() => expect(reported).toHaveBeenCalledWith(null));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Upload logo'));
    expect(host!.querySelector('img')).toBeNull();
  });

  it('uploads and removes through the caller’s own endpoint (the avatar), showing initials without a picture', async () => {
    const calls = fakeUpload(() => saved('avatar'));
    const upload = vi.fn(async (chosen: File) => ({ id: null, url: `/avatars/${chosen.name}` }));
    const remove = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    const reported = vi.fn();
    const texts = { upload: 'Upload a picture', change: 'Change picture', remove: 'Remove picture', preview: 'Your profile picture' };
    render({ purpose: 'avatar', shape: 'round', name: 'Ada Lovelace', texts, upload, remove, onReport: reported });
    await button('Upload a picture');
    expect(host!.querySelector('[data-initials="AL"]')).not.toBeNull();

    choose(file('me.webp', 'image/webp', 2048));
    expect((await find<HTMLImageElement>('img[alt="Your profile picture"]')).getAttribute('src')).toBe('/avatars/me.webp');
    expect(upload).toHaveBeenCalledTimes(1);
    expect(reported).toHaveBeenLastCalledWith({ id: null, url: '/avatars/me.webp' });
    expect(calls).toEqual([]);

    // A failed removal says so and keeps the picture.
    (await button('Remove picture')).click();
    await waitFor(() => expect(alertText()).toBe(messages.unknownError));
    expect(host!.querySelector('img[alt="Your profile picture"]')).not.toBeNull();
    (await button('Remove picture')).click();
    await waitFor(() => expect(reported).toHaveBeenLastCalledWith(null));
    expect(remove).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(host!.querySelector('[data-initials="AL"]')).not.toBeNull());
    expect(alertText()).toBeNull();
  });

  it('keeps the upload’s id in a form that holds only ids, and its address for the preview', async () => {
    fakeUpload(() => saved('logo'));
    let form!: UseFormReturn<LogoForm>;
    render({}, <IdField currentUrl="/files/saved.png" onForm={(f) => (form = f)} />);
    expect((await find<HTMLImageElement>('img[alt="Logo preview"]')).getAttribute('src')).toBe('/files/saved.png');

    choose(file('logo.png', 'image/png', 2048));
    await waitFor(() => expect(form.getValues('logo_file_id')).toBe(FILE_ID));
    expect(host!.querySelector('img[alt="Logo preview"]')?.getAttribute('src')).toContain(FILE_ID);

    (await button('Remove logo')).click();
    await waitFor(() => expect(form.getValues('logo_file_id')).toBeNull());
    // The preview goes on the render after the value changes: on a busy machine that is not the same tick.
    await waitFor(() => expect(host!.querySelector('img')).toBeNull());

    // Its message is the form's, once the API refused the id.
    form.setError('logo_file_id', { message: 'The selected logo file id is invalid.' });
    await waitFor(() => expect(alertText()).toBe('The selected logo file id is invalid.'));
  });

  it('shows the form’s own message for the field', async () => {
    render({ error: 'The selected logo is invalid.' });
    await waitFor(() => expect(alertText()).toBe('The selected logo is invalid.'));
  });

  it('warns about a banner that is not 1000×250 (4:1) and crops it to 4:1 on request', async () => {
    const calls = fakeUpload(() => saved('banner'));
    bannerImage.imageSize.mockResolvedValueOnce({ width: 800, height: 600 }).mockResolvedValueOnce({ width: 1000, height: 250 });
    render({ purpose: 'banner', shape: 'wide' });
    await button('Upload logo');
    choose(file('wide.png', 'image/png', 2048));
    const warning = () => host!.querySelector('[data-testid="banner-shape"]')?.textContent ?? null;
    await waitFor(() => expect(warning()).toContain('800×600'));
    expect(warning()).toContain('1000×250 (4:1)');
    expect(calls).toHaveLength(1);
    (await button('Crop to 4:1')).click();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(bannerImage.cropToBanner).toHaveBeenCalledTimes(1);
    expect(calls[1]!.purpose).toBe('banner');
    await waitFor(() => expect(warning()).toBeNull());
  });

  it('says nothing about the shape of a logo, or of a banner that fits', async () => {
    fakeUpload(() => saved('banner'));
    bannerImage.imageSize.mockResolvedValue({ width: 2000, height: 500 });
    render({ purpose: 'banner', shape: 'wide' });
    await button('Upload logo');
    choose(file('wide.png', 'image/png', 2048));
    await find('img');
    await new Promise((r) => setTimeout(r, 30));
    expect(host!.querySelector('[data-testid="banner-shape"]')).toBeNull();
    bannerImage.imageSize.mockReset();
  });
});
