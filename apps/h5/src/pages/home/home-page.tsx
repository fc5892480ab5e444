import { Link, useLoaderData } from 'react-router'
import { useShareCard, useT } from '../../app/app-context'
import { ArticleLink } from '../../components/article-link'
import { ClassCard } from '../../components/class-card'
import { mapHref, telHref } from '../../lib/studio-links'
import button from '../../ui/button.module.css'
import layout from '../../ui/layout.module.css'
import text from '../../ui/text.module.css'
import type { homeLoader } from './home-data'
import styles from './home-page.module.css'

/** `/`: the studio, a signed-in customer's next class, today's and upcoming classes, a few articles. */
export function HomePage() {
  const { org, today, upcoming, next, articles } = useLoaderData<typeof homeLoader>()
  const t = useT()
  useShareCard(`home:${org.orgId}`, { kind: 'home', org })
  return (
    <div className={layout.page}>
      <section className={styles.hero} aria-labelledby="studio-name">
        <h1 id="studio-name">{org.name}</h1>
        <p>{org.intro}</p>
        {/* The page's one primary action, first: finding a class; calling and the map are quieter, below. */}
        <Link className={`${button.button} ${styles.heroButton}`} to="/schedule">
          {t('home.schedule')}
        </Link>
        <p className={text.small}>{t('home.openHours', { hours: org.openHours })}</p>
        <p className={text.small}>{t('home.address', { address: org.address })}</p>
        <div className={layout.row}>
          <a
            className={`${button.button} ${styles.heroButton} ${styles.heroLink}`}
            href={telHref(org.phone)}
            data-testid="studio-tel"
          >
            {t('home.call', { phone: org.phone })}
          </a>
          <a
            className={`${button.button} ${styles.heroButton} ${styles.heroLink}`}
            href={mapHref(org.address)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="studio-map"
          >
            {t('home.map')}
          </a>
        </div>
      </section>

      {next ? (
        <section className={layout.section} aria-labelledby="home-next" data-testid="home-next">
          <div className={layout.sectionHead}>
            <h2 id="home-next">{t('home.next')}</h2>
            <Link to="/bookings">{t('nav.bookings')}</Link>
          </div>
          <ClassCard item={next} />
        </section>
      ) : null}

      <Link className={`${layout.cardLink} ${layout.titleLink}`} to="/teachers" data-testid="home-teachers">
        {t('home.teachers')}
      </Link>

      <section className={layout.section} aria-labelledby="home-today">
        <div className={layout.sectionHead}>
          <h2 id="home-today">{t('home.today')}</h2>
          <Link to="/schedule">{t('common.viewAll')}</Link>
        </div>
        {today.length ? (
          <ul className={layout.list}>
            {today.map((item) => (
              <li key={item.id}>
                <ClassCard item={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={layout.card}>{t('home.todayEmpty')}</p>
        )}
      </section>

      <section className={layout.section} aria-labelledby="home-upcoming">
        <h2 id="home-upcoming">{t('home.upcoming')}</h2>
        {upcoming.length ? (
          <ul className={layout.list}>
            {upcoming.map((item) => (
              <li key={item.id}>
                <ClassCard item={item} showDate />
              </li>
            ))}
          </ul>
        ) : (
          <p className={layout.card}>{t('home.upcomingEmpty')}</p>
        )}
      </section>

      <section className={layout.section} aria-labelledby="home-articles">
        <h2 id="home-articles">{t('home.articles')}</h2>
        {articles.length ? (
          <ul className={layout.list}>
            {articles.map((article) => (
              <li key={article.id}>
                <ArticleLink article={article} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={layout.card}>{t('home.articlesEmpty')}</p>
        )}
      </section>
    </div>
  )
}
