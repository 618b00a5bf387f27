import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { m } from '@web/i18n';

interface Base {
  title?: string;
  /** Plain text, or HTML from a server body when `html` is set (sanitised to the allowed tags). */
  message?: string;
  html?: boolean;
}
export interface ConfirmOptions extends Base {
  yesLabel?: string;
  noLabel?: string;
}
export interface PromptOptions extends Base {
  initial?: string;
  /** Multi-line input of 10 rows. */
  multiline?: boolean;
  label?: string;
}
export interface ChooseOptions<T> extends Base {
  items: { value: T; label: string }[];
}
/** A component shown in the generic modal; it closes the modal with a result through `close`. */
export type ModalComponent<P, R> = ComponentType<P & { close: (result: R | undefined) => void }>;

export interface ModalApi {
  confirm(opts: ConfirmOptions): Promise<boolean>;
  info(opts: Base): Promise<void>;
  prompt(opts: PromptOptions): Promise<string | undefined>;
  choose<T>(opts: ChooseOptions<T>): Promise<T | undefined>;
  open<P extends object, R>(component: ModalComponent<P, R>, props: P, title?: string): Promise<R | undefined>;
}

type Open = {
  key: number;
  render: (close: (result: unknown) => void) => ReactNode;
  resolve: (v: unknown) => void;
  fallback: unknown;
};

const ModalContext = createContext<ModalApi | undefined>(undefined);
// The sanitiser loads only when a modal shows server HTML.
const SafeHtml = lazy(() => import('@web/platform/modals/SafeHtml'));
let seq = 0;

function Message({ message, html }: Base) {
  if (!message) return null;
  if (!html) return <p className="mb-0 text-pre-line">{message}</p>;
  return (
    <Suspense fallback={null}>
      <SafeHtml html={message} />
    </Suspense>
  );
}

function PromptBody({ opts, close }: { opts: PromptOptions; close: (v: unknown) => void }) {
  const [value, setValue] = useState(opts.initial ?? '');
  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        close(value);
      }}
    >
      <Modal.Body>
        <Message message={opts.message} html={opts.html} />
        <Form.Group className="mt-2" controlId="modal-prompt">
          {opts.label && <Form.Label>{opts.label}</Form.Label>}
          {opts.multiline ? (
            <Form.Control autoFocus as="textarea" rows={10} value={value} onChange={(e) => setValue(e.target.value)} />
          ) : (
            <Form.Control autoFocus value={value} onChange={(e) => setValue(e.target.value)} />
          )}
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={() => close(undefined)}>
          {m().common.cancel}
        </Button>
        <Button type="submit" variant="primary">
          {m().common.ok}
        </Button>
      </Modal.Footer>
    </Form>
  );
}

/** Confirm (TAK/NIE), info, text input, list choice and generic component modals, as promises. */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<Open[]>([]);

  const push = useCallback(<R,>(fallback: R, render: Open['render']) => {
    return new Promise<R>((resolve) => {
      setStack((s) => [...s, { key: ++seq, render, resolve: resolve as (v: unknown) => void, fallback }]);
    });
  }, []);

  const closeTop = useCallback((key: number, result: unknown) => {
    setStack((s) => {
      const item = s.find((x) => x.key === key);
      item?.resolve(result === undefined ? item.fallback : result);
      return s.filter((x) => x.key !== key);
    });
  }, []);

  const api = useMemo<ModalApi>(
    () => ({
      confirm: (opts) =>
        push(false, (close) => (
          <>
            <Modal.Header closeButton>
              <Modal.Title>{opts.title ?? m().modals.confirmTitle}</Modal.Title>
            </Modal.Header>
            <Modal.Body>
              <Message message={opts.message} html={opts.html} />
            </Modal.Body>
            <Modal.Footer>
              <Button variant="secondary" onClick={() => close(false)}>
                {opts.noLabel ?? m().common.no}
              </Button>
              <Button variant="primary" autoFocus onClick={() => close(true)}>
                {opts.yesLabel ?? m().common.yes}
              </Button>
            </Modal.Footer>
          </>
        )),
      info: (opts) =>
        push(undefined, (close) => (
          <>
            <Modal.Header closeButton>
              <Modal.Title>{opts.title ?? m().modals.infoTitle}</Modal.Title>
            </Modal.Header>
            <Modal.Body>
              <Message message={opts.message} html={opts.html} />
            </Modal.Body>
            <Modal.Footer>
              <Button variant="primary" autoFocus onClick={() => close(undefined)}>
                {m().common.ok}
              </Button>
            </Modal.Footer>
          </>
        )),
      prompt: (opts) =>
        push<string | undefined>(undefined, (close) => (
          <>
            <Modal.Header closeButton>
              <Modal.Title>{opts.title ?? m().modals.infoTitle}</Modal.Title>
            </Modal.Header>
            <PromptBody opts={opts} close={close} />
          </>
        )),
      choose: <T,>(opts: ChooseOptions<T>) =>
        push<T | undefined>(undefined, (close) => (
          <>
            <Modal.Header closeButton>
              <Modal.Title>{opts.title ?? m().modals.chooseTitle}</Modal.Title>
            </Modal.Header>
            <Modal.Body>
              <Message message={opts.message} html={opts.html} />
              <ListGroup className="mt-2">
                {opts.items.map((item, i) => (
                  <ListGroup.Item key={i} action onClick={() => close(item.value)}>
                    {item.label}
                  </ListGroup.Item>
                ))}
              </ListGroup>
            </Modal.Body>
          </>
        )),
      open: <P extends object, R>(Component: ModalComponent<P, R>, props: P, title?: string) =>
        push<R | undefined>(undefined, (close) => (
          <>
            {title && (
              <Modal.Header closeButton>
                <Modal.Title>{title}</Modal.Title>
              </Modal.Header>
            )}
            <Component {...props} close={(r: R | undefined) => close(r)} />
          </>
        )),
    }),
    [push],
  );

  return (
    <ModalContext.Provider value={api}>
      {children}
      {stack.map((item) => (
        <Modal key={item.key} show onHide={() => closeTop(item.key, undefined)} centered>
          {item.render((result) => closeTop(item.key, result))}
        </Modal>
      ))}
    </ModalContext.Provider>
  );
}

export function useModals(): ModalApi {
  const ctx = useContext(ModalContext);
  if (!ctx) throw new Error('useModals outside ModalProvider');
  return ctx;
}
