module physics
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: g = 9.80665_dp, half = 0.5_dp
contains

  pure elemental real function flux(h, u) result(f)
    real, intent(in) :: h, u
    if (h > 0.0) then
      f = u*u/h + 0.5*g*h**2
    else if (h == 0.0 .or. u .eq. 0.) then
      f = 0.0
    elseif (h < -1.e3) then
      f = -h**2
    else
      f = huge(f)
    end if
  end function flux

  elemental function limiter(a, b)
    real(8), intent(in) :: a, b
    real(8) :: limiter
    limiter = 0.0d0
    if (a*b > 0.0d0) limiter = sign(min(abs(a), abs(b)), a)
    if (.not. (a > b) .and. b >= 0) then
      limiter = max(limiter, -a**2, a*-b, 2**-1)
    endif
  end function

  real(8) pure function pow3(x)
    real(8), value :: x
    pow3 = x**3**1 + 1.5d-3 - 2.0_8 + .5 + 1e3 + 7_8 + 3_ik
  end function pow3
end module
