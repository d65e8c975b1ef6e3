/**
 * The editor's images: thumbnails in order (the first is the main image), each with move left and
 * right, "make main" and remove, all buttons (keyboard operable); and a file input that uploads
 * each chosen image at once (POST /api/admin/uploads) and adds it at the end.
 */
import { useEffect, useId, useRef, useState } from "react";
import { adminUpload } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { productImagesMax, type UploadResult } from "../../../shared/admin-product-editor";

export function ImagesField({ images, onChange, error }: { images: string[]; onChange: (images: string[]) => void; error?: string }) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [status, setStatus] = useState("");
  const list = useRef<HTMLOListElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // After a move or a removal the focus follows the image (or goes to its neighbour), never to the page.
  const [focusNext, setFocusNext] = useState<{ src: string; action: string } | { src: null } | null>(null);

  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(null);
    if (focusNext.src === null) {
      fileInput.current?.focus();
      return;
    }
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>(`button[data-src="${CSS.escape(focusNext.src)}"]`) ?? [])];
    const same = buttons.find((b) => b.dataset.action === focusNext.action && !b.disabled);
    (same ?? buttons.find((b) => !b.disabled))?.focus();
  }, [focusNext]);

  const move = (from: number, to: number, action: string) => {
    const next = [...images];
    const [item] = next.splice(from, 1);
    if (item === undefined) return;
    next.splice(to, 0, item);
    onChange(next);
    setFocusNext({ src: item, action });
  };

  const remove = (i: number) => {
    const next = images.filter((_, j) => j !== i);
    onChange(next);
    const neighbour = next[Math.min(i, next.length - 1)];
    setFocusNext(neighbour === undefined ? { src: null } : { src: neighbour, action: "remove" });
  };

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    setUploading(true);
    let added = [...images];
    for (const file of Array.from(files)) {
      if (added.length >= productImagesMax) {
        toast({ title: "Too many images", description: `A product can have at most ${productImagesMax} images.`, variant: "destructive" });
        break;
      }
      try {
        const { url } = await adminUpload<UploadResult>("/api/admin/uploads", file);
        added = [...added, url];
        onChange(added);
        setStatus(`${file.name} uploaded.`);
      } catch (err) {
        const message = (err instanceof ApiError && err.serverMessage) || "The image could not be uploaded.";
        setStatus(`${file.name}: ${message}`);
        toast({ title: "Upload failed", description: `${file.name}: ${message}`, variant: "destructive" });
      }
    }
    setUploading(false);
  };

  return (
    <fieldset className="fieldset min-w-0">
      <legend className="fieldset-legend">Images</legend>
      <p className="label">The first image is the main image. A product without images shows a placeholder in the shop.</p>
      {images.length > 0 ? (
        <ol ref={list} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="editor-images">
          {images.map((src, i) => (
            <li key={src} className="card card-border bg-base-100">
              <figure className="relative">
                <img src={src} alt={`${i + 1} of ${images.length}${i === 0 ? ", the main one" : ""}`} className="aspect-[4/3] w-full object-cover" />
                {i === 0 && <span className="badge badge-primary absolute top-2 left-2">Main</span>}
              </figure>
              <div className="card-body flex-row flex-wrap gap-1 p-2">
                <button
                  type="button"
                  className="btn btn-xs"
                  disabled={i === 0}
                  data-src={src}
                  data-action="left"
                  aria-label={`Move image ${i + 1} left`}
                  onClick={() => move(i, i - 1, "left")}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="btn btn-xs"
                  disabled={i === images.length - 1}
                  data-src={src}
                  data-action="right"
                  aria-label={`Move image ${i + 1} right`}
                  onClick={() => move(i, i + 1, "right")}
                >
                  →
                </button>
                {i > 0 && (
                  <button
                    type="button"
                    className="btn btn-xs"
                    data-src={src}
                    data-action="main"
                    aria-label={`Make image ${i + 1} the main image`}
                    onClick={() => move(i, 0, "main")}
                  >
                    Make main
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-xs btn-error btn-outline"
                  data-src={src}
                  data-action="remove"
                  aria-label={`Remove image ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-base-content/70">No images yet.</p>
      )}
      <label htmlFor={id} className="label mt-2">
        Add images (JPEG, PNG or WebP, at most 5 MB each)
      </label>
      <input
        ref={fileInput}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        className="file-input w-full max-w-md"
        disabled={uploading || images.length >= productImagesMax}
        onChange={(e) => {
          const input = e.currentTarget;
          void upload(input.files).then(() => {
            input.value = "";
          });
        }}
      />
      <p className="text-sm" aria-live="polite">
        {uploading ? "Uploading..." : status}
      </p>
      {error && (
        <p className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
