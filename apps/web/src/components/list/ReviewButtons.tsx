import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/**
 * Approve and Reject on a row of a review queue (jobs or employer registrations on hold). While one row is being
 * approved, its button spins and every other row's buttons wait; Reject opens the caller's reason dialog.
 */
export function ReviewButtons(props: {
  id: string;
  busy: boolean;
  approving: string | undefined;
  onApprove: () => void;
  onReject: () => void;
  labels: { approve: string; reject: string; approveOne: string; rejectOne: string };
}) {
  const { id, busy, approving, labels } = props;
  return (
    <Box sx={{ display: 'inline-flex', gap: 1 }}>
      <Button
        size="small"
        variant="outlined"
        color="success"
        disabled={busy && approving !== id}
        loading={approving === id}
        onClick={props.onApprove}
        aria-label={labels.approveOne}
      >
        {labels.approve}
      </Button>
      <Button size="small" variant="outlined" color="error" disabled={busy} onClick={props.onReject} aria-label={labels.rejectOne}>
        {labels.reject}
      </Button>
    </Box>
  );
}
