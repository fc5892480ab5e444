import { Link, useLoaderData } from 'react-router'
import { useLocale, useT } from '../../app/app-context'
import { TeacherAvatar } from '../../components/teacher-avatar'
import { styleName } from '../../lib/studio-names'
import { Chip } from '../../ui/chip'
import layout from '../../ui/layout.module.css'
import type { myTeachersLoader, teachersLoader } from './teachers-data'
import styles from './teachers-page.module.css'

/** `/teachers`: every teacher of the studio, each a link to their page; `/me/teachers`: those the customer follows. */
export function TeachersPage() {
  const data = useLoaderData<typeof teachersLoader | typeof myTeachersLoader>()
  const { teachers } = data
  const mine = 'mine' in data
  const t = useT()
  const locale = useLocale()
  return (
    <div className={layout.page}>
      <h1>{t(mine ? 'teachers.mine' : 'teachers.title')}</h1>
      {teachers.length ? (
        <ul className={layout.list}>
          {teachers.map((teacher) => (
            <li key={teacher.id}>
              <article className={`${layout.card} ${styles.teacherCard}`} data-testid="teacher-card">
                <TeacherAvatar name={teacher.name} avatar={teacher.avatar} />
                <div>
                  <h2>
                    <Link className={layout.stretched} to={`/teachers/${teacher.id}`}>
                      {teacher.name}
                    </Link>
                  </h2>
                  <div className={layout.row}>
                    {teacher.styles.map((style) => (
                      <Chip key={style}>{styleName(style, locale)}</Chip>
                    ))}
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <p className={layout.empty}>{t(mine ? 'teachers.noneFollowed' : 'teachers.empty')}</p>
      )}
    </div>
  )
}
