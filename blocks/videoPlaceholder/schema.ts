import { defineBlockSchema } from '../../schema/block.ts';
import { optionalText, text } from '../../schema/primitives.ts';

export const videoPlaceholderSchema = defineBlockSchema(
  'videoPlaceholder',
  'A clearly labelled placeholder where a video will go (no fake player).',
  {
    title: text('Title of the video.', 'AI guest chat in action'),
    description: text('What the video will show.', 'A five-minute tour of the AI assistant.'),
    duration: optionalText('Planned length.', '5 min'),
  },
);
