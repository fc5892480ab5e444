import { createGatewayClient, GatewayError } from '@xdance/http'

export async function quickStart(baseURL: string, showToast: (message: string) => void) {
  const client = createGatewayClient({ baseURL, notify: showToast })

  // GET {baseURL}/member/profile with the session's Authorization header; resolves the envelope's data.
  const profile = await client.get<{ name: string }>('/member/profile')

  // POST a JSON body (in web mode the stored orgId is added), tried up to 3 times.
  const courses = await client.post<{ id: number }[]>('/course/list', { page: 1 }, { retry: 2 })

  try {
    await client.post('/order/create', { courseId: 7 })
  } catch (error) {
    // The toast is already showing the gateway's msg; the error carries the envelope.
    if (GatewayError.isInstance(error)) return { profile, courses, refused: error.code }
    throw error
  }
  return { profile, courses }
}
