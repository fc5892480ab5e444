import { Link, useLoaderData } from 'react-router'
import { useLocale, useShareCard, useT } from '../../app/app-context'
import { ClassCard } from '../../components/class-card'
import { TeacherAvatar } from '../../components/teacher-avatar'
import { styleName } from '../../lib/studio-names'
import button from '../../ui/button.module.css'
import { Chip } from '../../ui/chip'
import layout from '../../ui/layout.module.css'
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
    <div className={layout.page}>
      <div className={styles.teacherHead}>
        <TeacherAvatar name={teacher.name} avatar={teacher.avatar} large />
        <div className={layout.pageHead}>
          <h1>{teacher.name}</h1>
          <ul className={`${layout.row} ${styles.chips}`} aria-label={t('teacher.styles')}>
            {teacher.styles.map((style) => (
              <Chip key={style} as="li">
                {styleName(style, locale)}
              </Chip>
            ))}
          </ul>
        </div>
      </div>
      <FollowButton teacherId={teacher.id} followed={followed} signedIn={signedIn} />
      {teacher.bio && <p data-testid="teacher-bio">{teacher.bio}</p>}
      {ratings && <TeacherRating ratings={ratings} comments />}
      <section className={layout.section} aria-labelledby="teacher-upcoming">
        <h2 id="teacher-upcoming">{t('teacher.upcoming')}</h2>
        {classes.length ? (
          <ul className={layout.list}>
            {classes.map((item) => (
              <li key={item.id}>
                <ClassCard item={item} showDate showTeacher={false} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={layout.empty}>{t('teacher.noClasses')}</p>
        )}
      </section>
      <Link className={button.ghost} to="/teachers">
        {t('teacher.all')}
      </Link>
    </div>
  )
}
