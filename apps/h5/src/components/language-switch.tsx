import { useLocale, useSetLocale } from '../app/app-context'
import { useHydrated } from '../app/use-hydrated'
import { languageTag } from '../i18n/i18n'

/**
 * One button toggling Chinese and English. It is named in the language it switches to
 * (with a matching `lang`), the way customers look for it.
 *
 * @example
 * <LanguageSwitch />
 */
export function LanguageSwitch({ className = 'btn btn-quiet' }: { className?: string }) {
  const locale = useLocale()
  const setLocale = useSetLocale()
  const next = locale === 'zh' ? 'en' : 'zh'
  const hydrated = useHydrated()
  return (
    <button
      type="button"
      className={className}
      lang={languageTag(next)}
      data-testid="language-switch"
      disabled={!hydrated}
      onClick={() => void setLocale(next)}
    >
      {next === 'en' ? 'English' : '中文'}
    </button>
  )
}
