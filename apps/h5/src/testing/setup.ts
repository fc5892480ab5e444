// Every unit test of the app: Testing Library's `findBy…` and `waitFor` wait for what the page shows for up to 10 s
// (its default, 1 s, is a fixed budget that a busy machine overruns: a page test then fails with nothing wrong).
import { configure } from '@testing-library/react'

configure({ asyncUtilTimeout: 10_000 })
