! elemental_returns: RETURN on some paths of a branch that falls through,
! an intent(inout) dummy, and a dummy named n (the name an elemental
! kernel's element count would take, so the count is named otherwise).
! An elemental kernel is a loop kernel of one nest over its dummies
! (Note [elemental kernels] in sema/elemental.go), and a RETURN must end
! only the element's work: the statements after the IF run for the
! elements that did not return.
module elemental_returns
  implicit none
contains

  pure elemental subroutine clip_steps(x, n, z)
    real, intent(in) :: x
    real, intent(inout) :: n
    real, intent(out) :: z
    z = x
    if (x > 1.0) then
      z = z + n
      if (n > 1.2) return
      z = 2.0*z
    else if (x < 0.8) then
      n = n - x
      if (n < 0.0) then
        z = -z
        return
      end if
    end if
    z = z - 1.0
    n = n + z
  end subroutine clip_steps

end module elemental_returns
