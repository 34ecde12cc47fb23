import { MemoryReadStore } from '../../services/adapters/memory-readstore/memoryReadStore.ts';
import { textIndexContract } from './textIndex.features.ts';

// The memory store (tests, BUILDON_READ_STORE=memory) ranks with the shared definition (services/core/textSearch.ts).
textIndexContract('MemoryReadStore', async () => ({ store: new MemoryReadStore(), cleanup: async () => {} }));
