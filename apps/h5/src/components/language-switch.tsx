import { useLocale, useSetLocale } from '../app/app-context'
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
  return (
    <button
      type="button"
      className={className}
      lang={languageTag(next)}
      data-testid="language-switch"
      onClick={() => void setLocale(next)}
    >
      {next === 'en' ? 'English' : '中文'}
    </button>
  )
}
