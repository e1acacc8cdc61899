// The member's group flows: the group view and what the member is to it (kept through a failed
// reload), the request to join (too long, sent, refused with the text kept), leaving (refused
// with the reason), the meetings with the leader's attendance, the record and correction forms
// (checked first, refused with the fields' messages and the values kept) and the requests' answers.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  loadMyGroupView: vi.fn(),
  askToJoin: vi.fn(),
  leaveGroup: vi.fn(),
  loadMeetings: vi.fn(),
  loadMeeting: vi.fn(),
  loadAttendance: vi.fn(),
  recordMeeting: vi.fn(),
  correctMeeting: vi.fn(),
  loadRequests: vi.fn(),
  answerRequest: vi.fn(),
  announceNextMeeting: vi.fn(),
  updateMyGroup: vi.fn(),
}));
vi.mock('../lib/groups/api.ts', () => api);
const store = await import('./groups.ts');

const refused = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status }),
    new Request('http://localhost/api/v1/celula/3'),
    {} as NormalizedOptions,
  );
const group = { id: 3, nome: 'Célula Centro' };
const meeting = {
  id: 7,
  data: '2026-11-20T22:00:00.000Z',
  tema: 'Romanos 8',
  estudo: null,
  qtdePresentes: 5,
  observacoes: null,
};
const request = (situacao: string) => ({ id: 11, situacao, usuario: { nome: 'Ana' } });

describe('groups store: the member’s flows', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    store.$groupPage.set({ view: null, role: undefined, left: '', failed: false });
    store.$joinRequest.set({ text: '', error: undefined, notice: null, submitting: false });
    store.$groupLeave.set({ asking: false, busy: false, error: '' });
    store.$meetingForms.set({});
  });

  it('the group view says what the member is; a failed reload keeps what was shown', async () => {
    api.loadMyGroupView.mockResolvedValueOnce({ id: 3, minhaParticipacao: 'lider' });
    await store.loadGroupPage(3, 1);
    expect(api.loadMyGroupView).toHaveBeenCalledWith(3, 1);
    expect(store.$groupPage.get()).toMatchObject({ role: 'lider', view: { id: 3 }, failed: false });
    api.loadMyGroupView.mockRejectedValueOnce(refused(500, { message: 'Down' }));
    await store.loadGroupPage(3, 1);
    expect(store.$groupPage.get()).toMatchObject({ role: 'lider', view: { id: 3 }, failed: true });
  });

  it('a request to join that is too long is not sent', async () => {
    store.setJoinText('x'.repeat(11));
    await store.sendJoinRequest('graca', 3, 10, { tooLong: (n) => `${n}/10`, failed: 'Failed.' });
    expect(api.askToJoin).not.toHaveBeenCalled();
    expect(store.$joinRequest.get().error).toBe('11/10');
    store.setJoinText('Hello');
    expect(store.$joinRequest.get().error).toBeUndefined();
  });

  it('a sent request goes to the success page; a refusal keeps the text with its message', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign });
    store.setJoinText('Hello');
    api.askToJoin.mockResolvedValueOnce({ status: true, message: 'Sent' });
    await store.sendJoinRequest('graca', 3, 500, { tooLong: String, failed: 'Failed.' });
    expect(api.askToJoin).toHaveBeenCalledWith('graca', 3, 'Hello');
    expect(assign).toHaveBeenCalledWith('/groups/request/success?celula=3');
    api.askToJoin.mockRejectedValueOnce(
      refused(409, { message: 'Already waiting', errors: { mensagem: ['Too short'] } }),
    );
    await store.sendJoinRequest('graca', 3, 500, { tooLong: String, failed: 'Failed.' });
    expect(store.$joinRequest.get()).toEqual({
      text: 'Hello',
      error: 'Too short',
      notice: { kind: 'error', text: 'Already waiting' },
      submitting: false,
    });
    vi.unstubAllGlobals();
  });

  it('leaving shows the API’s answer; the leader is refused with the reason', async () => {
    store.$groupPage.set({ view: null, role: 'lider', left: '', failed: false });
    store.askLeave(true);
    api.leaveGroup.mockRejectedValueOnce(refused(422, { message: 'Hand it over first' }));
    await store.leaveMyGroup(3, 'Failed.');
    expect(store.$groupLeave.get()).toEqual({
      asking: true,
      busy: false,
      error: 'Hand it over first',
    });
    expect(store.$groupPage.get().role).toBe('lider');
    api.leaveGroup.mockResolvedValueOnce({ status: true, message: 'You left' });
    await store.leaveMyGroup(3, 'Failed.');
    expect(store.$groupPage.get()).toMatchObject({ role: null, left: 'You left' });
  });

  it('the meetings load, with the attendance only for the leader', async () => {
    api.loadMeetings.mockResolvedValue({ celula: group, reunioes: [meeting] });
    api.loadMyGroupView.mockResolvedValueOnce({ minhaParticipacao: 'membro' });
    await store.loadMeetingsView(3, undefined, 1);
    expect(store.$meetingsView.get()).toEqual({
      state: 'ready',
      data: { group, meetings: [meeting] },
    });
    expect(api.loadAttendance).not.toHaveBeenCalled();
    expect(store.$attendance.get()).toBeNull();
    api.loadMyGroupView.mockResolvedValueOnce({ minhaParticipacao: 'lider' });
    api.loadAttendance.mockResolvedValueOnce({ membros: [], reunioes: [], estudos: [] });
    await store.loadMeetingsView(3, undefined, 1);
    expect(store.$attendance.get()).toEqual({ membros: [], reunioes: [], estudos: [] });
  });

  it('one meeting loads alone; someone outside the group gets the API’s reason', async () => {
    api.loadMyGroupView.mockRejectedValue(refused(403, { message: 'Members only' }));
    api.loadMeeting.mockResolvedValueOnce({ celula: group, reuniao: meeting });
    await store.loadMeetingsView(3, 7, 1);
    expect(store.$meetingsView.get()).toEqual({
      state: 'ready',
      data: { group, meetings: [meeting] },
    });
    api.loadMeeting.mockRejectedValueOnce(refused(403, { message: 'Members only' }));
    await store.loadMeetingsView(3, 7, 1);
    expect(store.$meetingsView.get()).toMatchObject({ state: 'error', message: 'Members only' });
  });

  const texts = { badDate: 'Bad date', topicRequired: 'Topic?', failed: 'Failed.' };

  it('the record form is checked before it is sent', async () => {
    store.openRecording();
    expect(store.$meetingsPage.get()).toEqual({ saved: '', recording: true });
    store.setMeetingValue(undefined, 'when', '');
    expect(await store.saveMeetingForm(3, undefined, texts)).toBeNull();
    expect(store.meetingFormOf().errors).toEqual({ data: 'Bad date' });
    store.setMeetingValue(undefined, 'when', '2026-11-20T19:00');
    expect(await store.saveMeetingForm(3, undefined, texts)).toBeNull();
    expect(store.meetingFormOf().errors).toEqual({ tema: 'Topic?' });
    expect(api.recordMeeting).not.toHaveBeenCalled();
  });

  it('a recorded meeting answers the API’s message; a refusal keeps the values', async () => {
    store.setMeetingValue(undefined, 'topic', ' Romanos 8 ');
    store.tickPresent(undefined, 4, true);
    store.tickPresent(undefined, 5, true);
    store.tickPresent(undefined, 4, false);
    store.setMeetingValue(undefined, 'visitors', '2');
    api.recordMeeting.mockRejectedValueOnce(
      refused(400, { message: 'Invalid', errors: { visitantes: ['At most 500'] } }),
    );
    expect(await store.saveMeetingForm(3, undefined, texts)).toBeNull();
    expect(store.meetingFormOf()).toMatchObject({
      values: { topic: ' Romanos 8 ', present: [5], visitors: '2' },
      errors: { visitantes: 'At most 500' },
      notice: { kind: 'error', text: 'Invalid' },
      saving: false,
    });
    api.recordMeeting.mockResolvedValueOnce({ status: true, message: 'Recorded' });
    expect(await store.saveMeetingForm(3, undefined, texts)).toBe('Recorded');
    expect(api.recordMeeting).toHaveBeenLastCalledWith(
      3,
      expect.objectContaining({ tema: 'Romanos 8', presentes: [5], visitantes: 2, idEstudo: null }),
    );
    store.meetingSaved('Recorded', true);
    expect(store.$meetingsPage.get()).toEqual({ saved: 'Recorded', recording: false });
  });

  it('a correction starts from the meeting’s record and who came', async () => {
    const toCorrect = { ...meeting, presentes: [4, 5] };
    store.openCorrection(7);
    expect(store.$correcting.get()).toBe(7);
    expect(store.meetingFormOf(toCorrect).values).toMatchObject({
      topic: 'Romanos 8',
      present: [4, 5],
      visitors: '3',
    });
    api.correctMeeting.mockResolvedValueOnce({ status: true, message: 'Corrected' });
    expect(await store.saveMeetingForm(3, toCorrect, texts)).toBe('Corrected');
    expect(api.correctMeeting).toHaveBeenCalledWith(
      3,
      7,
      expect.objectContaining({ visitantes: 3 }),
    );
  });

  it('the leader answers a request: it shows its new state, or why not', async () => {
    api.loadRequests.mockResolvedValueOnce({ celula: group, solicitacoes: [request('pendente')] });
    await store.loadGroupRequests(3);
    api.answerRequest.mockResolvedValueOnce({
      message: 'Accepted',
      solicitacao: request('aceita'),
    });
    await store.answerGroupRequest(3, 11, 'aceitar', 'Failed.');
    expect(store.$groupRequests.get()).toMatchObject({
      state: 'ready',
      data: { requests: [{ id: 11, situacao: 'aceita' }] },
    });
    expect(store.$requestAnswer.get()).toEqual({
      busy: null,
      notice: { kind: 'ok', text: 'Accepted' },
    });
    api.answerRequest.mockRejectedValueOnce(refused(409, {}));
    await store.answerGroupRequest(3, 11, 'recusar', 'Failed.');
    expect(store.$requestAnswer.get()).toEqual({
      busy: null,
      notice: { kind: 'error', text: 'Failed.' },
    });
  });
});
