package snippets.kotlin

import java.io.IOException

/** What the snippets call: a service that fails now and then. */
data class User(val id: String)

class UserApi(private var failures: Int = 0) {
  var calls: Int = 0
    private set

  suspend fun fetchUser(id: String): User {
    calls++
    if (failures-- > 0) throw IOException("connection reset")
    return User(id)
  }
}
