// 'live-monitor-processor': the same chain for the live stethoscope stream, gain up to 20× (§9).
import { MAX_GAIN_LIVE } from '../presets.js';
import { createChainProcessor } from './chain-processor.js';

registerProcessor('live-monitor-processor', createChainProcessor(MAX_GAIN_LIVE));
