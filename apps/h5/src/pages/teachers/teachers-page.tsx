import { Link, useLoaderData } from 'react-router'
import { useLocale, useT } from '../../app/app-context'
import { TeacherAvatar } from '../../components/teacher-avatar'
import { styleName } from '../../lib/studio-names'
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
    <div className="page">
      <h1>{t(mine ? 'teachers.mine' : 'teachers.title')}</h1>
      {teachers.length ? (
        <ul className="list">
          {teachers.map((teacher) => (
            <li key={teacher.id}>
              <article className={`card ${styles.teacherCard}`} data-testid="teacher-card">
                <TeacherAvatar name={teacher.name} avatar={teacher.avatar} />
                <div>
                  <h2>
                    <Link className="stretched" to={`/teachers/${teacher.id}`}>
                      {teacher.name}
                    </Link>
                  </h2>
                  <div className="row">
                    {teacher.styles.map((style) => (
                      <span key={style} className="chip">
                        {styleName(style, locale)}
                      </span>
                    ))}
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">{t(mine ? 'teachers.noneFollowed' : 'teachers.empty')}</p>
      )}
    </div>
  )
}
