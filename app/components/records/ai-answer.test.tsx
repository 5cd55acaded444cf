import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { AiMarkdown } from './ai-answer'

// Before: a link the model wrote was an <a> a practitioner could follow out of the app.
test('links and images in an AI answer are text: nothing to click, nothing fetched', () => {
  const html = renderToStaticMarkup(
    <AiMarkdown>
      {[
        'See [the guide](https://evil.test/?q=record) and <https://evil.test/plain>.',
        '![x](https://evil.test/pixel.png)',
        '<a href="https://evil.test">raw</a>',
      ].join('\n\n')}
    </AiMarkdown>,
  )
  expect(html).not.toMatch(/<a[\s>]/)
  expect(html).not.toMatch(/<img[\s>]/)
  expect(html).toContain('the guide')
  expect(html).toContain('(https://evil.test/?q=record)')
  // An address written as itself is shown once.
  expect(html.match(/https:\/\/evil\.test\/plain/g)).toHaveLength(1)
  expect(html).toContain('&lt;a href=')
})
