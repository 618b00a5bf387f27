import { PHOTOS_MAX, PHOTO_TYPES } from '@zaplecze/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { format } from '@web/i18n/plural';
import type { PhotoEntry } from '../item-form';
import { photoUrl } from '../item-edit.api';
import type { PhotoProblem } from '../upload-progress';
import { notPhotos, photoProblem } from '../upload-progress';
import { itemEditText } from '../texts';

export interface PhotosEditorProps {
  photos: readonly PhotoEntry[];
  onChange(photos: PhotoEntry[]): void;
  /** The signed-in login (its prefix names the organisation's image folder). */
  login: string;
  /** Shows the 'Błąd uploadu zdjęć' warning. */
  onProblem(problem: PhotoProblem): void;
  disabled?: boolean;
  /** The key of the new photo whose upload failed (marked until the next save). */
  failed?: string | undefined;
}

let seq = 0;
export const newPhotoKey = () => `p${++seq}`;

/** Object URLs of the new files, revoked when they leave the list. */
function usePreviews(photos: readonly PhotoEntry[]): Map<string, string> {
  const [urls] = useState(() => new Map<string, string>());
  const files = useMemo(() => photos.filter((p) => p.file), [photos]);
  for (const p of files) if (p.file && !urls.has(p.key)) urls.set(p.key, URL.createObjectURL(p.file));
  useEffect(() => {
    for (const [key, url] of urls)
      if (!files.some((p) => p.key === key)) {
        URL.revokeObjectURL(url);
        urls.delete(key);
      }
  }, [files, urls]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

/** Photos (docs/rules/catalogue-and-orders-rules.md §2.3): upload PNG/JPEG, thumbnails, set as main (first), delete, URL entries. */
export function PhotosEditor({ photos, onChange, login, onProblem, disabled, failed }: PhotosEditorProps) {
  const t = itemEditText().edit;
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [refused, setRefused] = useState<string>();
  const previews = usePreviews(photos);

  const addFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    setRefused(undefined);
    const problem = photoProblem(photos.length, files);
    if (problem && problem !== 'badType') {
      onProblem(problem);
      return;
    }
    // A file that is no PNG/JPEG image is refused here, by its name and content (not only its type).
    const bad = await notPhotos(files);
    if (bad.length > 0) {
      setRefused(bad.map((f) => format(t.photoNotImage, { name: f.name })).join(' '));
      onProblem('badType');
      return;
    }
    onChange([...photos, ...files.map((file) => ({ key: newPhotoKey(), type: 'file' as const, name: '', file }))]);
  };

  const src = (p: PhotoEntry) =>
    p.file ? previews.get(p.key) : p.type === 'url' ? p.name : photoUrl(login, p.name, 'thumb');

  return (
    <div data-testid="item-photos">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <Form.Control
          ref={input}
          type="file"
          multiple
          accept={PHOTO_TYPES.join(',')}
          className="d-none"
          onChange={(e) => void addFiles((e.target as HTMLInputElement).files)}
          data-testid="item-photos-input"
        />
        <Button
          variant="outline-primary"
          disabled={disabled || photos.length >= PHOTOS_MAX}
          onClick={() => input.current?.click()}
          data-testid="item-photos-add"
        >
          <i className="bi bi-upload me-1" aria-hidden="true" />
          {t.photosAdd}
        </Button>
        <InputGroup style={{ maxWidth: '28rem' }}>
          <Form.Control
            type="url"
            placeholder="https://"
            aria-label={t.photoUrl}
            value={url}
            disabled={disabled}
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
            data-testid="item-photo-url"
          />
          <Button
            variant="outline-secondary"
            disabled={disabled || !/^https?:\/\/\S+$/i.test(url.trim())}
            onClick={() => {
              if (photos.length >= PHOTOS_MAX) return onProblem('tooMany');
              onChange([...photos, { key: newPhotoKey(), type: 'url', name: url.trim() }]);
              setUrl('');
            }}
            data-testid="item-photo-url-add"
          >
            {t.photoUrlAdd}
          </Button>
        </InputGroup>
        <span className="small text-muted ms-auto">{format(t.photoCount, { n: photos.length, max: PHOTOS_MAX })}</span>
      </div>
      {refused && (
        <Alert
          variant="danger"
          className="py-2 small"
          dismissible
          onClose={() => setRefused(undefined)}
          data-testid="item-photos-refused"
        >
          {refused}
        </Alert>
      )}
      {photos.length === 0 ? (
        <p className="text-muted mb-0">{t.photosEmpty}</p>
      ) : (
        <div className="d-flex flex-wrap gap-3">
          {photos.map((p, i) => (
            <figure
              key={p.key}
              className={`border rounded p-2 mb-0 text-center bg-body-tertiary${failed === p.key ? ' border-danger border-2' : ''}`}
              style={{ width: 180 }}
              data-testid="item-photo"
              data-main={i === 0 ? 'true' : undefined}
            >
              <div className="d-flex align-items-center justify-content-center" style={{ height: 120 }}>
                <img
                  src={src(p)}
                  alt={p.file?.name ?? p.name}
                  style={{ maxHeight: 120, maxWidth: '100%', objectFit: 'contain' }}
                  loading="lazy"
                />
              </div>
              <figcaption className="small mt-2 d-flex flex-wrap gap-1 justify-content-center align-items-center">
                {i === 0 && <Badge bg="primary">{t.photoMain}</Badge>}
                {p.file && <Badge bg="info">{t.photoNew}</Badge>}
                {p.type === 'url' && <Badge bg="secondary">URL</Badge>}
              </figcaption>
              {failed === p.key && (
                <div className="small text-danger lh-sm mt-1" data-testid="item-photo-failed">
                  {t.photoUploadFailed}
                </div>
              )}
              <div className="d-flex gap-1 justify-content-center mt-1">
                {i > 0 && (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    disabled={disabled}
                    title={t.photoSetMain}
                    aria-label={t.photoSetMain}
                    onClick={() => onChange([p, ...photos.filter((x) => x.key !== p.key)])}
                    data-testid="item-photo-main"
                  >
                    <i className="bi bi-star" aria-hidden="true" />
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={disabled}
                  title={itemEditText().remove}
                  aria-label={itemEditText().remove}
                  onClick={() => onChange(photos.filter((x) => x.key !== p.key))}
                  data-testid="item-photo-delete"
                >
                  <i className="bi bi-trash" aria-hidden="true" />
                </Button>
              </div>
            </figure>
          ))}
        </div>
      )}
    </div>
  );
}
