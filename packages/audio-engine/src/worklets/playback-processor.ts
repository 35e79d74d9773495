// 'playback-processor': preset filters → compressor → gain (≤ 5×) for file playback.
import { MAX_GAIN_FILE } from '../presets.js';
import { createChainProcessor } from './chain-processor.js';

registerProcessor('playback-processor', createChainProcessor(MAX_GAIN_FILE));
