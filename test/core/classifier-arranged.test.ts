/**
 * Appointments made with a party outside (`ARRANGED_WITH`): "an appointment with a doctor" is the
 * user's arrangement with the doctor, a `commitment` like a reservation. Booking, moving or
 * cancelling it tells the doctor (EXTERNAL_ACTION); reading it reads the user's own data
 * (PRIVATE_ACCESS). An appointment with no such party stays what the calendar holds: a shared entry
 * others write into.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('an appointment with a party outside is an arrangement with that party', () => {
  it('made, moved or cancelled: the party is told', () => {
    expect(caps('book', 'Book an appointment with a dentist')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('cancel', "Cancel the appointment with the user's lawyer")).toEqual(['EXTERNAL_ACTION']);
    expect(caps('plan', 'Schedule an appointment with a new family doctor')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('book', 'Book an appointment with the team doctor')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('move', "Move the appointment with the user's lawyer")).toEqual(['EXTERNAL_ACTION']);
  });

  it('the name\'s appointment is the one the description arranges', () => {
    expect(caps('schedule_appointment', 'Schedule an appointment with a doctor')).toEqual(['EXTERNAL_ACTION']);
  });

  it('read: the user\'s own data', () => {
    expect(caps('list_visits', 'List the appointments with my doctor')).toEqual(['PRIVATE_ACCESS']);
  });
});

describe('look-alikes: no party outside', () => {
  it('on a calendar, with a thing, or with the team', () => {
    expect(caps('add_event', 'Add an appointment to the calendar')).toEqual(['LOCAL_MUTATION']);
    expect(caps('create_appointment', 'Create an appointment with a note')).toEqual(['LOCAL_MUTATION']);
    expect(caps('schedule_meeting', 'Schedule a meeting with the team')).toEqual(['LOCAL_MUTATION']);
    expect(caps('save', 'Save the appointment notes for the doctor')).toEqual(['LOCAL_MUTATION']);
    expect(caps('list_appointments', 'List appointments for a day with client name and the note they left.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });

  it('a party further than two unknown words, or named elsewhere', () => {
    expect(caps('plan', 'Schedule an appointment with a very long and detailed note for the doctor')).toEqual(['LOCAL_MUTATION']);
    expect(caps('schedule_appointment', 'Schedule an appointment. The doctor is not told.')).toEqual(['LOCAL_MUTATION']);
  });
});
