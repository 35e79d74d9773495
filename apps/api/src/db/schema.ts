import type { ColumnType, Generated } from 'kysely';

/** Row types of the SQL schema in migrations/ (kept by hand beside the SQL). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  date_created: Timestamp;
}

export interface HealthcareProvidersTable {
  id: Generated<string>;
  organization_id: string;
  email_address: string;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  /** Null when the credential lives at Auth0 (migration 003). */
  password_hash: string | null;
  auth0_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  must_change_password: Generated<boolean>;
  tc_version: Generated<number>;
  roles: Generated<string[]>;
  date_created: Timestamp;
}

export interface PatientProfilesTable {
  id: Generated<string>;
  organization_id: string;
  healthcare_provider_id: string;
  first_name: string;
  last_name: string;
  email_address: string;
  birthdate: ColumnType<string | null, string | null | undefined, string | null>;
  sex: 'male' | 'female' | 'unknown' | null;
  date_created: Timestamp;
}

export interface HealthcareProviderInvitationsTable {
  id: string;
  organization_id: string;
  email_address: string;
  used: Generated<boolean>;
  active: Generated<boolean>;
  date_expires: Timestamp;
  date_created: Timestamp;
}

export interface OidcPayloadsTable {
  id: string;
  type: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

export interface SignInFailuresTable {
  key: string;
  failures: number;
  locked_until: Date | null;
  last_failure_at: Timestamp;
}

export interface Database {
  organizations: OrganizationsTable;
  healthcare_providers: HealthcareProvidersTable;
  patient_profiles: PatientProfilesTable;
  healthcare_provider_invitations: HealthcareProviderInvitationsTable;
  oidc_payloads: OidcPayloadsTable;
  sign_in_failures: SignInFailuresTable;
  exams: ExamsTable;
  auscultations: AuscultationsTable;
  recording_jobs: RecordingJobsTable;
  audit_log: AuditLogTable;
  audit_chain_head: AuditChainHeadTable;
  self_exam_requests: SelfExamRequestsTable;
  self_exam_auscultation_requests: SelfExamAuscultationRequestsTable;
  self_exam_links: SelfExamLinksTable;
  exam_counters: ExamCountersTable;
  healthcare_provider_password_history: PasswordHistoryTable;
  virtual_exams: VirtualExamsTable;
  live_exam_states: LiveExamStatesTable;
  realtime_servers: RealtimeServersTable;
  live_exam_presences: LiveExamPresencesTable;
  signing_keys: SigningKeysTable;
}

export interface VirtualExamsTable {
  id: Generated<string>;
  organization_id: string;
  patient_profile_id: string;
  healthcare_provider_id: string;
  access_code: string;
  access_code_expires_at: Date;
  exam_id: ColumnType<string | null, string | null | undefined, string | null>;
  av_room_id: ColumnType<string | null, string | null | undefined, string | null>;
  link: string;
  scheduled_start_date: Date | null;
  scheduled_end_date: Date | null;
  time_zone: string;
  date_created: Timestamp;
}

export interface LiveExamStatesTable {
  virtual_exam_id: string;
  /** JSON text in, parsed JSON out. */
  state: ColumnType<unknown, string, string>;
  version: ColumnType<number, number | undefined, number>;
  date_updated: Timestamp;
}

export interface RealtimeServersTable {
  server_id: string;
  last_seen: Timestamp;
}

export interface LiveExamPresencesTable {
  presence_key: string;
  virtual_exam_id: string;
  server_id: string;
  date_created: Timestamp;
}

export interface SigningKeysTable {
  name: string;
  secret: Uint8Array;
  date_created: Timestamp;
}

export interface PasswordHistoryTable {
  id: Generated<number>;
  healthcare_provider_id: string;
  password_hash: string;
  date_created: Timestamp;
}

export interface ExamsTable {
  id: Generated<string>;
  organization_id: string;
  patient_profile_id: string;
  healthcare_provider_id: string;
  type: 'live' | 'self-provider-initiated' | 'self-patient-initiated' | 'in-person';
  notes: string | null;
  enhanced_notes: Generated<string[]>;
  reviewed: Generated<boolean>;
  date_created: Timestamp;
}

export interface AuscultationsTable {
  id: Generated<string>;
  exam_id: string;
  organization_id: string;
  point_type: 'heart' | 'lungs' | 'other';
  point_label: string;
  point_description: string | null;
  device_label: string | null;
  noise_quality_record: ColumnType<{ unit: number; record: (0 | 1)[] } | null, string | null, string | null>;
  heartrate_bpm: number | null;
  heartbeat_present: boolean | null;
  heartbeat_normal: boolean | null;
  diagnosis: -1 | 0 | 1 | 2 | null;
  beataware_id: string | null;
  beataware_status: 'processing' | 'failed' | 'error' | 'ready' | null;
  beataware_report: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  recording_duration: number | null;
  recording_mime_type: string | null;
  recording_size: ColumnType<number | null, number | null, number | null>;
  recording_blob_key: ColumnType<string | null, string | null | undefined, string | null>;
  recording_sha256: ColumnType<string | null, string | null | undefined, string | null>;
  recording_sample_rate: ColumnType<number | null, number | null | undefined, number | null>;
  recording_channels: ColumnType<number | null, number | null | undefined, number | null>;
  /** Variant name → storage key, filled in by the processing worker. */
  variant_blob_keys: ColumnType<Partial<Record<string, string>>, string | undefined, string>;
  /** The client's key for the recording (upload idempotency), unique per exam. */
  client_recording_id: ColumnType<string | null, string | null | undefined, string | null>;
  date_created: Timestamp;
}

export interface RecordingJobsTable {
  auscultation_id: string;
  state: ColumnType<
    'pending' | 'running' | 'done' | 'failed',
    'pending' | 'running' | undefined,
    'pending' | 'running' | 'done' | 'failed'
  >;
  attempts: Generated<number>;
  last_error: string | null;
  date_created: Generated<Date>;
  date_updated: Generated<Date>;
  /** The worker process holding the job while it runs (migration 016). */
  locked_by: string | null;
  /** Its lease: past this, another worker may claim the job. */
  locked_until: Date | null;
  /** The worker process that completed it. */
  processed_by: string | null;
}

export interface SelfExamRequestsTable {
  id: Generated<string>;
  organization_id: string;
  patient_profile_id: string;
  healthcare_provider_id: string;
  /** YYYY-MM-DD (date columns are read as strings). */
  exam_date: string;
  instructions: string | null;
  auscultation_points: string[];
  /** Null for a use of a standing link (the link's code opens it; migration 013). */
  access_code: string | null;
  link: string;
  exam_id: ColumnType<string | null, string | null | undefined, string | null>;
  date_created: Timestamp;
  finalized_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  self_exam_link_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SelfExamLinksTable {
  id: Generated<string>;
  organization_id: string;
  patient_profile_id: string;
  healthcare_provider_id: string;
  instructions: string | null;
  access_code_hash: string;
  link: string;
  date_created: Timestamp;
  date_sent: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SelfExamAuscultationRequestsTable {
  id: Generated<string>;
  self_exam_request_id: string;
  point_label: string;
  auscultation_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ExamCountersTable {
  healthcare_provider_id: string;
  organization_id: string;
  total: number;
  unreviewed: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<Date>;
  healthcare_provider_id: string | null;
  organization_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  patient_profile_id: string | null;
  detail: ColumnType<Record<string, unknown> | null, string | null, never>;
  actor_kind: Generated<'healthcare-provider' | 'patient' | 'operator' | 'system'>;
  actor_ref: string | null;
  /** The hash chain (migration 008): set by the database on insert, never by the application. */
  seq: ColumnType<number, never, never>;
  prev_hash: ColumnType<Uint8Array, never, never>;
  hash: ColumnType<Uint8Array, never, never>;
}

export interface AuditChainHeadTable {
  id: number;
  seq: number;
  hash: Uint8Array;
}
