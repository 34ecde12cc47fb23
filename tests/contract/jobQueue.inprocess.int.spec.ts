import { InProcessQueue } from '../../services/adapters/inprocess-queue/inProcessQueue.ts';
import { jobQueueContract } from './jobQueue.features.ts';

jobQueueContract('in-process', async () => new InProcessQueue());
