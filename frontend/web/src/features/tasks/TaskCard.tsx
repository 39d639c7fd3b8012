import { Button, Icon, Tag } from '@blueprintjs/core';
import { Money } from '../../shared/ui/Money';
import type { Submission, Task } from './api';
import { PlatformBadge } from './PlatformBadge';
import { isActivity } from './platforms';
import { SubmissionStateTag } from './SubmissionState';

function unitsLeft(units: number): string {
  return `${units.toLocaleString('en-NG')} ${units === 1 ? 'unit' : 'units'} left`;
}

/**
 * One task in the grid. A task the person already took part in shows where it stands instead of
 * the Perform Task button (one submission per user per task).
 */
export function TaskCard({
  task,
  submission,
  onPerform,
}: {
  task: Task;
  /** The person's submission for this task, when the submissions list knows it. */
  submission?: Submission;
  onPerform: (task: Task) => void;
}) {
  const titleId = `kobo-task-${task._id}`;
  return (
    <article className="kobo-card kobo-tasks-card" aria-labelledby={titleId}>
      <div className="kobo-tasks-card-top">
        <PlatformBadge platform={task.taskPlatform} />
        <span className="kobo-tasks-card-price">
          <Money amount={task.taskPrice} />
        </span>
      </div>
      <h2 id={titleId} className="kobo-tasks-card-title">
        {task.taskName}
      </h2>
      <p className="kobo-tasks-card-text">{task.taskInstructions}</p>
      <div className="kobo-tasks-card-bottom">
        <span className="kobo-muted kobo-tasks-units">
          <Icon icon="layers" size={12} aria-hidden /> {unitsLeft(task.remainingUnits)}
        </span>
        {task.submitted ? (
          <span className="kobo-tasks-card-state">
            {submission ? (
              <SubmissionStateTag status={submission.status} />
            ) : (
              <Tag minimal round intent="primary" icon="tick">
                {isActivity(task.taskPlatform) ? 'Completed' : 'Submitted'}
              </Tag>
            )}
          </span>
        ) : (
          <Button
            intent="primary"
            text="Perform Task"
            endIcon="arrow-right"
            aria-label={`Perform Task: ${task.taskName}`}
            onClick={() => onPerform(task)}
          />
        )}
      </div>
      {submission?.status === 'rejected' && submission.rejectionReason ? (
        <p className="kobo-tasks-card-reason">
          <strong>Reason:</strong> {submission.rejectionReason}
        </p>
      ) : null}
    </article>
  );
}
