/**
 * The two class names Mantine's AppShell header, footer and aside take from react-remove-scroll's `RemoveScroll`, so
 * that a modal's scroll lock offsets them by the scrollbar's width as it does the page. The build puts this in place of
 * react-remove-scroll there (vite.config.ts): the shell chunk no longer carries the scroll lock itself, which only
 * modals use. remove-scroll-class-names.test.ts holds them equal to the library's.
 */
export const RemoveScroll = {
  classNames: { fullWidth: 'width-before-scroll-bar', zeroRight: 'right-scroll-bar-position' },
}
