/**
 * The tasks screen's calls: the task list, the proof submission (or an activity's completion) and
 * the user's own submissions with their review state.
 */
import { api } from '../../shared/api/api';
import { moneyTags } from '../../shared/api/account';
import type { ApiAnswer } from '../../shared/api/types';

export type Task = ApiAnswer<'getTasks'>[number];
export type SubmitTaskAnswer = ApiAnswer<'postTasksSubmit', 201>;

export type Submission = ApiAnswer<'getUsersSubmissions'>[number];

export interface SubmitTaskRequest {
  taskId: string;
  /** The screenshot; null for an activity, which needs none. */
  proof: File | null;
}

export const tasksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTasks: build.query<Task[], void>({
      query: () => '/tasks',
      providesTags: (result) => [
        'Tasks',
        ...(result ?? []).map((task) => ({ type: 'Tasks' as const, id: task._id })),
      ],
    }),
    submitTask: build.mutation<SubmitTaskAnswer, SubmitTaskRequest>({
      query: ({ taskId, proof }) => {
        // multipart/form-data: the browser sets the boundary, so no Content-Type of our own.
        const body = new FormData();
        body.append('taskId', taskId);
        if (proof) body.append('proofImage', proof);
        return { url: '/tasks/submit', method: 'POST', body };
      },
      // Also after a refusal: units left or the task's state may have changed meanwhile.
      invalidatesTags: ['Tasks', 'Submissions', ...moneyTags],
    }),
    getSubmissions: build.query<Submission[], void>({
      query: () => '/users/submissions',
      providesTags: ['Submissions'],
    }),
  }),
});

export const { useGetTasksQuery, useSubmitTaskMutation, useGetSubmissionsQuery } = tasksApi;
