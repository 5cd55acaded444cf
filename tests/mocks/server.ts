import { setupServer } from 'msw/node'
import { handlers } from './handlers'

export const mockServer = setupServer(...handlers)

// msw hands its lifecycle listeners a copy of every mocked answer (a tee of its body) that
// nobody here reads; a client cancelling its own half unread (the Anthropic SDK does before
// each retry) waits until the other half is done, so it is read to the end here. (Cancelling
// it instead breaks answers to node:http clients, such as Stripe's.)
mockServer.events.on('response:mocked', ({ response }) => void response.arrayBuffer().catch(() => {}))
