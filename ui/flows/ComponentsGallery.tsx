import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Alert, Button, Loader, Tabs, TextField } from '../components';
import { Badge } from '../components/Badge';
import { DisclosureMenu } from '../components/DisclosureMenu';
import { EmptyState } from '../components/EmptyState';
import { Modal } from '../components/Modal';
import { Pager } from '../components/Pager';
import { PasswordField } from '../components/PasswordField';
import { Row, RowList } from '../components/RowList';
import { Skeleton } from '../components/Skeleton';
import { SortableTable, type TableColumn, type TableSort } from '../components/SortableTable';
import { Stepper } from '../components/Stepper';
import { ArchivedBadge } from '../lists/ArchivedBadge';
import './gallery.css';

export interface ComponentsGalleryProps {
  /** Back to the list of flows. */
  backLink: ReactNode;
}

/**
 * /flows/components: the design system's components (ui/components) as the screens draw them, side by side in the
 * light and the dark palette (a part's `color-scheme` picks the tokens' `light-dark()` values, ui/styles/tokens.css),
 * each working: the table sorts, the tabs switch, the pager turns, the dialog opens. Only in builds with the flow
 * explorer (routes/flowsRoutes.tsx). The sample words are the screens' own.
 */
export function ComponentsGallery({ backLink }: ComponentsGalleryProps) {
  const { t } = useLingui();
  return (
    <div className="flows flows-gallery">
      <p>{backLink}</p>
      <h1>{t`Components`}</h1>
      <p className="flows__lead">
        {t`The design system's components as the screens draw them, in the light and the dark palette.`}
      </p>
      <div className="flows-gallery__schemes">
        <SchemeSamples scheme="light" title={t`Light`} />
        <SchemeSamples scheme="dark" title={t`Dark`} />
      </div>
    </div>
  );
}

/** One component's samples, headed by its name in the code. */
function Sample({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="flows-gallery__sample" data-component={name}>
      <h3>
        <code>{name}</code>
      </h3>
      {children}
    </div>
  );
}

interface ListRow {
  name: string;
  role: string;
  created: string;
}
type ListKey = 'name' | 'role' | 'created';

function SchemeSamples({ scheme, title }: { scheme: 'light' | 'dark'; title: string }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<'organisations' | 'channels'>('channels');
  const [sort, setSort] = useState<TableSort<ListKey>>({ key: 'name', direction: 'asc' });
  const [page, setPage] = useState(2);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [email, setEmail] = useState('ada@example');
  const [password, setPassword] = useState('');

  const rows: ListRow[] = [
    { name: 'Ceramtec', role: t`Administrator`, created: '03 Feb 2025' },
    { name: 'Lit', role: t`Owner`, created: '14 Nov 2024' },
    { name: 'Wernsing Food Family', role: t`Administrator`, created: '28 Jun 2025' },
  ];
  const sorted = [...rows].sort(
    (a, b) => a[sort.key].localeCompare(b[sort.key]) * (sort.direction === 'asc' ? 1 : -1),
  );
  const columns: TableColumn<ListRow, ListKey>[] = [
    { key: 'name', header: t`Name`, sortable: true, priority: 1, cell: (row) => row.name },
    { key: 'role', header: t`Your role`, sortable: true, priority: 1, cell: (row) => row.role },
    { key: 'created', header: t`Creation Date`, sortable: false, priority: 2, cell: (row) => row.created },
  ];

  return (
    <section className="flows-gallery__scheme ui-palette" data-scheme={scheme} aria-label={title}>
      <h2>{title}</h2>
      <Sample name="Button">
        <div className="flows-gallery__row">
          <Button>{t`Log in`}</Button>
          <Button variant="secondary">{t`Edit`}</Button>
          <Button variant="danger">{t`Delete account…`}</Button>
          <Button variant="link">{t`Cancel`}</Button>
          <Button busy>{t`Log in`}</Button>
        </div>
      </Sample>
      <Sample name="TextField">
        <TextField label={t`Your name`} defaultValue="Ada Lovelace" />
        <TextField
          label={t`E-mail`}
          type="email"
          value={email}
          onValueChange={setEmail}
          error={t`Please enter a valid e-mail address.`}
        />
        <PasswordField label={t`Password`} value={password} onValueChange={setPassword} />
      </Sample>
      <Sample name="ui-card">
        <div className="ui-card flows-gallery__card">
          <h4>{t`Delete account`}</h4>
          <p>{t`Delete your account and everything that belongs to it. This cannot be undone.`}</p>
        </div>
      </Sample>
      <Sample name="Tabs + SortableTable">
        <Tabs
          label={t`Your lists`}
          tabs={[
            { id: 'organisations', label: t`Organisations`, count: 0 },
            { id: 'channels', label: t`Channels`, count: rows.length },
          ]}
          selected={tab}
          onSelect={setTab}
        >
          <SortableTable
            caption={tab === 'channels' ? t`Channels` : t`Organisations`}
            hideCaption
            columns={columns}
            rows={tab === 'channels' ? sorted : []}
            rowKey={(row) => row.name}
            sort={sort}
            onSortChange={(next) => setSort(next)}
            empty={t`No organisations found that match your search`}
          />
        </Tabs>
      </Sample>
      <Sample name="Pager">
        <Pager page={page} pages={12} onPageChange={setPage} />
      </Sample>
      <Sample name="Alert">
        <Alert tone="info" live={false}>
          {t`We have sent the e-mail again.`}
        </Alert>
        <Alert tone="success" live={false}>
          {t`Your password has been changed`}
        </Alert>
        <Alert tone="warning" live={false}>
          {t`Please verify your email address.`}
        </Alert>
        <Alert tone="error" live={false}>
          {t`Something went wrong. Please try again later.`}
        </Alert>
      </Sample>
      <Sample name="Badge">
        <div className="flows-gallery__row">
          <span>
            Lit<Badge tone="primary">{t`New`}</Badge>
          </span>
          <span>
            Ceramtec<Badge tone="warning">{t`Archived`}</Badge>
          </span>
          <span>
            Chrome<Badge>{t`This device`}</Badge>
          </span>
        </div>
        <ArchivedBadge />
      </Sample>
      <Sample name="RowList">
        <RowList>
          <Row current>
            Chrome<Badge>{t`This device`}</Badge>
          </Row>
          <Row>Firefox</Row>
        </RowList>
      </Sample>
      <Sample name="EmptyState">
        <EmptyState action={<Button variant="secondary">{t`Add a passkey`}</Button>}>
          {t`No passkey.`}
        </EmptyState>
      </Sample>
      <Sample name="DisclosureMenu">
        <DisclosureMenu
          label={`${t`Sections of your account`} (${title})`}
          toggleText={`${t`Section`}: ${t`Profile`}`}
          links={[
            { key: 'profile', href: '#profile', text: t`Profile`, current: true },
            { key: 'security', href: '#security', text: t`Security` },
            { key: 'lists', href: '#lists', text: t`Organisations and channels` },
          ]}
          onFollow={() => undefined}
        />
      </Sample>
      <Sample name="Skeleton">
        <Skeleton label={t`Loading your channels…`} />
      </Sample>
      <Sample name="Stepper">
        <Stepper step={2} steps={3} />
        <Stepper step={2} steps={3} variant="dots" />
      </Sample>
      <Sample name="Loader">
        <Loader label={t`Loading your channels…`} />
      </Sample>
      <Sample name="Modal">
        <div className="flows-gallery__row">
          <Button variant="danger" onClick={() => setDialogOpen(true)}>
            {t`Delete account…`}
          </Button>
        </div>
        <Modal
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          title={t`Delete account`}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDialogOpen(false)}>
                {t`Cancel`}
              </Button>
              <Button variant="danger" onClick={() => setDialogOpen(false)}>
                {t`Delete my account`}
              </Button>
            </>
          }
        >
          <p>{t`Delete your account and everything that belongs to it. This cannot be undone.`}</p>
        </Modal>
      </Sample>
    </section>
  );
}
