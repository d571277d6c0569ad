import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/** A native <dialog> opened as a modal; Escape and the close button dismiss it. */
export function Modal(props: { labelledBy: string; onClose: () => void; wide?: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const { t } = useTranslation();
  return (
    <dialog ref={ref} className={`modal${props.wide ? " modal--wide" : ""}`} aria-labelledby={props.labelledBy} onClose={props.onClose}>
      <button type="button" className="modal__close" aria-label={t("common.close")} onClick={props.onClose}>
        ×
      </button>
      {props.children}
    </dialog>
  );
}

