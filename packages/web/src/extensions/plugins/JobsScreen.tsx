import { JOB_STATES, pageCount, type JobInfo, type JobState } from '@zaplecze/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { formatDateTime } from '@web/i18n/date';
import { PageSpinner } from '@web/ui/PageSpinner';
import { LogPager, LogToolbar } from './LogControls';
import { fetchJobs, pluginKeys, retryJob } from './plugins.api';
import { pluginText } from './texts';

/** Rows per page: a log is read from the newest end, a page at a time. */
export const JOBS_PER_PAGE = 25;
/** While a job of the page waits or runs, the page refreshes this often. */
const LIVE_REFRESH_MS = 3000;

const STATE_VARIANT: Record<JobState, string> = {
  pending: 'secondary',
  running: 'primary',
  done: 'success',
  dead: 'danger',
};

function Progress({ job }: { job: JobInfo }) {
  const { progressDone: done, progressTotal: total } = job;
  if (done === null || total === null || total <= 0) return <span className="text-muted">-</span>;
  const now = Math.min(100, Math.round((done / total) * 100));
  return (
    <div style={{ minWidth: 120 }}>
      <ProgressBar now={now} label={`${done} / ${total}`} animated={job.state === 'running'} />
    </div>
  );
}

export interface JobsScreenProps {
  pluginId: string;
}

/**
 * The 'Dziennik' tab of a plugin (docs/plugins.md, Web part): its jobs of the organisation,
 * newest first, a page at a time (GET /jobs), with state, progress, attempts, the last error,
 * times, and a retry of a dead job (POST /jobs/retry). A plugin shows it as one of its screens.
 */
export default function JobsScreen({ pluginId }: JobsScreenProps) {
  const t = pluginText().jobs;
  const toast = useToast();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<JobState | ''>('');
  const [retrying, setRetrying] = useState<number | undefined>();
  const criteria = { pluginId, page, perPage: JOBS_PER_PAGE, ...(state ? { state } : {}) };
  const jobs = useQuery({
    queryKey: [...pluginKeys.jobs(pluginId), criteria],
    queryFn: ({ signal }) => fetchJobs(criteria, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.jobs.some((j) => j.state === 'pending' || j.state === 'running') ? LIVE_REFRESH_MS : false,
  });

  useEffect(() => {
    if (jobs.error)
      toast.show('error', { id: `jobs-${pluginId}`, title: t.loadErrorTitle, body: errorMessage(jobs.error) });
  }, [jobs.error, pluginId, t, toast]);

  const retry = async (id: number) => {
    setRetrying(id);
    try {
      await retryJob(id);
      toast.success(t.retried);
    } catch (err) {
      toast.error(t.retryErrorTitle, errorMessage(err));
    } finally {
      setRetrying(undefined);
      void client.invalidateQueries({ queryKey: pluginKeys.jobs(pluginId) });
    }
  };

  const data = jobs.data;
  const pages = data ? pageCount(data.count, data.perPage) : 1;
  return (
    <div data-testid="plugin-jobs">
      <LogToolbar
        label={t.state}
        value={state}
        options={[{ value: '', label: t.allStates }, ...JOB_STATES.map((v) => ({ value: v, label: t.states[v] }))]}
        onChange={(v) => {
          setState(v);
          setPage(1);
        }}
        onRefresh={() => void jobs.refetch()}
      />
      {!data ? (
        jobs.isPending ? (
          <PageSpinner />
        ) : null
      ) : data.jobs.length === 0 ? (
        <p className="text-muted">{t.empty}</p>
      ) : (
        <Table responsive size="sm" hover className="align-middle">
          <thead>
            <tr>
              <th>{t.state}</th>
              <th>{t.kind}</th>
              <th>{t.progress}</th>
              <th>{t.attempts}</th>
              <th>{t.lastError}</th>
              <th>{t.created}</th>
              <th>{t.finished}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.jobs.map((j) => (
              <tr key={j.id} data-testid="plugin-job" data-job-state={j.state}>
                <td>
                  <Badge bg={STATE_VARIANT[j.state]}>{t.states[j.state]}</Badge>
                </td>
                <td className="small text-break">{j.kind}</td>
                <td>
                  <Progress job={j} />
                </td>
                <td>
                  {j.attempts} / {j.maxAttempts}
                </td>
                <td className="small text-danger text-break" style={{ maxWidth: 320 }}>
                  {j.lastError ?? ''}
                </td>
                <td className="small text-nowrap">{formatDateTime(j.createdAt)}</td>
                <td className="small text-nowrap">{j.finishedAt ? formatDateTime(j.finishedAt) : ''}</td>
                <td>
                  {j.state === 'dead' && (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={retrying !== undefined}
                      onClick={() => void retry(j.id)}
                    >
                      {t.retry}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {data && <LogPager page={page} pages={pages} count={data.count} text={t.page} onPage={setPage} />}
    </div>
  );
}
