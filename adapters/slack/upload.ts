// Chart uploads with Slack's external-upload flow, done here rather than through the SDK's
// filesUploadV2 because the SDK sends the image description as `alt_text`, a field
// files.getUploadURLExternal does not know (Slack documents `alt_txt`), so screen readers got nothing.
import type { webApi } from '@slack/bolt';
import type { Attachment } from '../../src/render/message.js';
import { prefixWithin } from '../../src/render/shorten.js';

/** Slack's limit on alt_txt. */
const ALT_TEXT_MAX = 1000;

interface UploadUrl {
  upload_url?: string;
  file_id?: string;
}

/** Uploads `attachments` and shares them in the channel (or thread) as one message. */
export async function uploadFiles(
  client: webApi.WebClient,
  fetchFn: typeof fetch,
  target: { channelId: string; threadTs?: string },
  attachments: Attachment[],
): Promise<void> {
  const files: { id: string; title: string }[] = [];
  for (const attachment of attachments) {
    const data = Buffer.from(attachment.data);
    const alt = prefixWithin(attachment.alt, ALT_TEXT_MAX);
    const answer = (await client.apiCall('files.getUploadURLExternal', {
      filename: attachment.filename,
      length: data.byteLength,
      alt_txt: alt,
    })) as UploadUrl;
    if (!answer.upload_url || !answer.file_id) throw new Error('Slack gave no upload URL');
    const posted = await fetchFn(answer.upload_url, { method: 'POST', body: data });
    if (!posted.ok) throw new Error(`Slack's upload URL answered ${posted.status}`);
    files.push({ id: answer.file_id, title: attachment.alt });
  }
  await client.files.completeUploadExternal({
    files: files.map((f) => ({ id: f.id, title: f.title })) as [{ id: string; title: string }],
    channel_id: target.channelId,
    ...(target.threadTs === undefined ? {} : { thread_ts: target.threadTs }),
  });
}
