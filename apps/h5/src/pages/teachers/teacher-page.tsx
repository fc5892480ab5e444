import { Link, useLoaderData } from 'react-router'
import { useLocale, useShareCard, useT } from '../../app/app-context'
import { ClassCard } from '../../components/class-card'
import { TeacherAvatar } from '../../components/teacher-avatar'
import { styleName } from '../../lib/studio-names'
import { FollowButton } from './follow-button'
import styles from './teacher-page.module.css'
import { TeacherRating } from './teacher-rating'
import type { teacherLoader } from './teachers-data'

/** `/teachers/:id`: a teacher's photo (or initials), styles, bio and upcoming classes. */
export function TeacherPage() {
  const { teacher, classes, ratings, followed, signedIn } = useLoaderData<typeof teacherLoader>()
  const t = useT()
  const locale = useLocale()
  useShareCard(`teacher:${teacher.id}`, {
    kind: 'page',
    title: teacher.name,
    desc: teacher.bio,
    path: `/teachers/${teacher.id}`,
    query: {},
    image: teacher.avatar,
  })
  return (
    <div className="page">
      <div className={styles.teacherHead}>
        <TeacherAvatar name={teacher.name} avatar={teacher.avatar} large />
        <div className="page-head">
          <h1>{teacher.name}</h1>
          <ul className={`row ${styles.chips}`} aria-label={t('teacher.styles')}>
            {teacher.styles.map((style) => (
              <li key={style} className="chip">
                {styleName(style, locale)}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <FollowButton teacherId={teacher.id} followed={followed} signedIn={signedIn} />
      {teacher.bio && <p data-testid="teacher-bio">{teacher.bio}</p>}
      {ratings && <TeacherRating ratings={ratings} comments />}
      <section className="section" aria-labelledby="teacher-upcoming">
        <h2 id="teacher-upcoming">{t('teacher.upcoming')}</h2>
        {classes.length ? (
          <ul className="list">
            {classes.map((item) => (
              <li key={item.id}>
                <ClassCard item={item} showDate showTeacher={false} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">{t('teacher.noClasses')}</p>
        )}
      </section>
      <Link className="btn btn-ghost" to="/teachers">
        {t('teacher.all')}
      </Link>
    </div>
  )
}
