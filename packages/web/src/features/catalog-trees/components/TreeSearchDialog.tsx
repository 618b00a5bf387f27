import type { TreeNode } from '@zaplecze/contract';
import { useMemo, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { errorMessage } from '@web/platform/api';
import { format } from '@web/i18n';
import { treeConfig } from '../tree-config';
import { emptyPlaceCriteria, filterCategories, filterPlaces, type PlaceSearchCriteria } from '../tree-search';
import { useTree, type TreeKind } from '@web/data/trees.api';
import { treesText } from '../texts';

/** Results drawn at once; a narrower search shows the rest. */
const MAX_RESULTS = 200;

export interface TreeSearchDialogProps {
  show: boolean;
  onHide(): void;
  /** Called with the chosen node; the dialog closes itself afterwards. */
  onChoose(node: TreeNode): void;
  /** Nodes that may not be chosen here (e.g. a node's own branch when choosing its parent). */
  exclude?: ReadonlySet<number>;
}

type Field = keyof PlaceSearchCriteria;

/** The dialog's fields per tree: places have a position, categories do not. */
function fieldsOf(kind: TreeKind): { key: Field; label: string; hint?: string }[] {
  const t = treesText().search;
  if (kind === 'categories') {
    return [
      { key: 'name', label: t.categoryName },
      { key: 'number', label: t.categoryNumber },
    ];
  }
  return [
    { key: 'name', label: t.placeName },
    { key: 'number', label: t.placeNumber },
    { key: 'position', label: t.position, hint: t.positionHint },
  ];
}

function runFilter(kind: TreeKind, nodes: readonly TreeNode[], c: PlaceSearchCriteria): TreeNode[] {
  return kind === 'categories' ? filterCategories(nodes, c) : filterPlaces(nodes, c);
}

/**
 * The search dialog of a tree (docs/rules/catalogue-and-orders-rules.md §2.5): Enter or 'Szukaj' filters the full
 * list held by the tree's query; spinner, no-results text, the error in red, and a choose button
 * per result.
 */
export function TreeSearchDialog({ kind, ...props }: TreeSearchDialogProps & { kind: TreeKind }) {
  const texts = treeConfig(kind).texts;
  return (
    <Modal show={props.show} onHide={props.onHide} size="lg" scrollable data-testid={`${kind}-search-dialog`}>
      <Modal.Header closeButton>
        <Modal.Title>{texts.searchTitle}</Modal.Title>
      </Modal.Header>
      {/* Inside the modal, so every opening starts with empty criteria. */}
      {props.show && <SearchBody kind={kind} {...props} />}
    </Modal>
  );
}

function SearchBody({ kind, onChoose, onHide, exclude }: TreeSearchDialogProps & { kind: TreeKind }) {
  const t = treesText().search;
  const tree = useTree(kind);
  const [criteria, setCriteria] = useState<PlaceSearchCriteria>(emptyPlaceCriteria);
  const [ran, setRan] = useState<PlaceSearchCriteria | undefined>(undefined);
  const fields = fieldsOf(kind);

  const results = useMemo(() => {
    if (!ran || !tree.data) return undefined;
    const found = runFilter(kind, tree.data, ran);
    return exclude ? found.filter((n) => !exclude.has(n.id)) : found;
  }, [kind, ran, tree.data, exclude]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The modal is a portal, but React bubbles its events through the component tree: without
    // this, Enter here would also submit the form the picker sits in (a parent or parameter form).
    e.stopPropagation();
    setRan({ ...criteria });
  };

  return (
    <>
      <Modal.Body>
        <Form onSubmit={submit} data-testid="tree-search-form">
          <Row className="g-2 align-items-end">
            {fields.map((f, i) => (
              <Col key={f.key} md>
                <Form.Group controlId={`tree-search-${f.key}`}>
                  <Form.Label className="small mb-1">{f.label}</Form.Label>
                  <Form.Control
                    size="sm"
                    autoFocus={i === 0}
                    autoComplete="off"
                    placeholder={f.hint}
                    value={criteria[f.key]}
                    onChange={(e) => setCriteria((c) => ({ ...c, [f.key]: e.target.value }))}
                  />
                </Form.Group>
              </Col>
            ))}
            <Col md="auto">
              <Button type="submit" size="sm" variant="primary" className="w-100" data-testid="tree-search-run">
                <i className="bi bi-search me-1" aria-hidden="true" />
                {t.run}
              </Button>
            </Col>
          </Row>
        </Form>
        <div className="mt-3" data-testid="tree-search-results">
          <SearchResults
            kind={kind}
            ran={ran !== undefined}
            loading={tree.isPending}
            error={tree.error ? errorMessage(tree.error) : undefined}
            results={results}
            onChoose={(node) => {
              onChoose(node);
              onHide();
            }}
          />
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t.close}
        </Button>
      </Modal.Footer>
    </>
  );
}

interface ResultsProps {
  kind: TreeKind;
  ran: boolean;
  loading: boolean;
  error: string | undefined;
  results: TreeNode[] | undefined;
  onChoose(node: TreeNode): void;
}

function SearchResults({ kind, ran, loading, error, results, onChoose }: ResultsProps) {
  const t = treesText().search;
  if (error) {
    return (
      <p className="text-danger mb-0" role="alert" data-testid="tree-search-error">
        {error}
      </p>
    );
  }
  if (!ran) return <p className="text-muted small mb-0">{t.prompt}</p>;
  if (loading || !results) {
    return (
      <div className="d-flex justify-content-center py-3" role="status" data-testid="tree-search-loading">
        <Spinner animation="border" size="sm" />
      </div>
    );
  }
  if (results.length === 0) {
    return (
      <p className="text-muted mb-0" data-testid="tree-search-empty">
        {t.noResults}
      </p>
    );
  }
  const shown = results.slice(0, MAX_RESULTS);
  const places = kind === 'places';
  return (
    <>
      <Table size="sm" hover responsive className="align-middle mb-0">
        <thead>
          <tr>
            {places && <th scope="col">{t.colPosition}</th>}
            <th scope="col">{t.colNumber}</th>
            <th scope="col">{t.colFullName}</th>
            <th scope="col" className="text-end">
              <span className="visually-hidden">{t.choose}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((n) => (
            <tr key={n.id} data-testid={`tree-search-row-${n.id}`}>
              {places && <td className="text-nowrap fw-medium">{n.fullNumber}</td>}
              <td className="text-nowrap">{n.number}</td>
              <td>{n.fullName}</td>
              <td className="text-end">
                <Button size="sm" variant="outline-primary" onClick={() => onChoose(n)}>
                  {t.choose}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {results.length > shown.length && (
        <p className="text-muted small mt-2 mb-0">
          {format(t.truncated, { shown: shown.length, total: results.length })}
        </p>
      )}
    </>
  );
}
