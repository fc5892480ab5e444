import { useRevalidator } from 'react-router'
import { useLocale, useSetLocale } from '../app/app-context'
import { useHydrated } from '../app/use-hydrated'
import { languageTag } from '../i18n/i18n'
import button from '../ui/button.module.css'

/**
 * One button toggling Chinese and English (the page's data is read again in the new language). It is named in the language it switches to
 * (with a matching `lang`), the way customers look for it.
 *
 * @example
 * <LanguageSwitch />
 */
export function LanguageSwitch({ className = button.quiet }: { className?: string | undefined }) {
  const locale = useLocale()
  const setLocale = useSetLocale()
  const next = locale === 'zh' ? 'en' : 'zh'
  const hydrated = useHydrated()
  // The page's data is the studio's, in the language asked for: it is read again in the new one.
  const { revalidate } = useRevalidator()
  return (
    <button
      type="button"
      className={className}
      lang={languageTag(next)}
      data-testid="language-switch"
      disabled={!hydrated}
      onClick={() => void setLocale(next).then(revalidate)}
    >
      {next === 'en' ? 'English' : '中文'}
    </button>
  )
}
