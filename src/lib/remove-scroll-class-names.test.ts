import { RemoveScroll as library } from '@mantine/core'
import { expect, it } from 'vitest'
import { RemoveScroll } from './remove-scroll-class-names'

it("names the header's scroll-lock classes as react-remove-scroll does", () => {
  expect(RemoveScroll.classNames).toEqual(library.classNames)
})
